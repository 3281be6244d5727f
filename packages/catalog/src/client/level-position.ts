/**
 * Where a level stands in its pack as the page says it: its place in the designed sequence, counted
 * over the sequence only; a level file outside the sequence is an extra.
 * @module
 */

/** `Level 3 of 12`, or `Extra level` for a level outside the sequence (`position` null). */
export function positionText(position: number | null, sequenceLength: number): string {
  return position === null ? "Extra level" : `Level ${position} of ${sequenceLength}`;
}
