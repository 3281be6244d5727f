/**
 * What the level page says about a shared link it opened: how many of the shared moves it replayed,
 * and, when not all, why. Replays stop at the first move the level cannot play (the moves after it were
 * made in a position the viewer does not have), and a link over the replay budget is not replayed at all.
 */
import type { ReplayReport } from "@gridponder/player";
import { count, number } from "./data.js";

const START = "The level starts from the beginning.";

const moves = (n: number): string => count(n, "move");

/** The notice for a link whose `total` moves were replayed as `report` says (on a board of `width`×`height`). */
export function sharedLinkText(report: ReplayReport, total: number, width: number, height: number): string {
  if (report.tooLong)
    return (
      `The shared moves were not replayed: the link holds ${moves(total)}, and on this ${width}×${height} ` +
      `board a link may replay at most ${number(report.limit)}. ${START}`
    );
  if (report.refused === null) return `Shared position: ${moves(report.played)} replayed.`;
  const at = `move ${number(report.refused + 1)} of ${number(total)}`;
  if (report.played === 0) return `The shared moves were not replayed: ${at} cannot be played here. ${START}`;
  return `Shared position: ${moves(report.played)} replayed. The replay stopped at ${at}, which cannot be played here.`;
}

/** The notice for a link whose code is not one this page wrote. */
export function unreadableLinkText(): string {
  return `This share link could not be read. ${START}`;
}

/** The notice for a link holding more moves than any link may (`max`). */
export function overlongLinkText(max: number): string {
  return `The shared moves were not replayed: the link holds more than ${moves(max)}, the most a link may hold. ${START}`;
}
