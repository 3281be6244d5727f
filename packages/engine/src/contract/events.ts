/**
 * An event: a typed record of something that happened during a turn. Systems and rule effects emit
 * them; rules and cascade-phase systems react to them. Positions are `[x, y]` arrays.
 */
export interface GameEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}
