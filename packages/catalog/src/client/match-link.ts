/**
 * A game page's share link (`#m=<code>`), read before `<gridponder-match>` is defined: imported first by
 * the page script, so the element starts with the shared seats, seed and moves (its `seat-count`,
 * `seed`, `seats` and `log` attributes) and never shows another game first. A code that cannot be read,
 * or names seats or bots this game does not have, leaves the element as the page wrote it and is
 * reported in {@link sharedLink} for the page to say so.
 * @module
 */
import { seatPlayers } from "../components/match-text.ts";
import { MAX_SHARED_MOVES, matchCodeFromHash, readMatchCode, type SharedMatch } from "./match-share-code.js";

/** What became of the page's share link. */
export type SharedLink =
  | { readonly status: "none" }
  | { readonly status: "opened"; readonly match: SharedMatch }
  | { readonly status: "refused"; readonly reason: string };

/**
 * Reads the link in `hash` for a game of `min` to `max` seats and gives its attributes to `element`;
 * changes nothing unless the link is one this game can open.
 */
export function applySharedLink(
  element: Element,
  hash: string,
  game: { min: number; max: number; hidesInformation: boolean },
): SharedLink {
  const code = matchCodeFromHash(hash);
  if (code === null) return { status: "none" };
  const read = readMatchCode(code);
  if ("error" in read)
    return {
      status: "refused",
      reason:
        read.error === "too-many"
          ? `the link holds more than ${MAX_SHARED_MOVES.toLocaleString("en-US")} moves, the most a link may hold`
          : "it is not a link this page wrote",
    };
  const { match } = read;
  if (match.seatCount < game.min || match.seatCount > game.max)
    return {
      status: "refused",
      reason: `it is for ${match.seatCount} seats, and this game has ${game.min === game.max ? game.min : `${game.min} to ${game.max}`}`,
    };
  const offered = seatPlayers(match.seatCount, game.hidesInformation);
  if (match.seats.some((s) => !offered.includes(s)))
    return { status: "refused", reason: "it names a bot this game does not offer" };
  element.setAttribute("seat-count", String(match.seatCount));
  element.setAttribute("seed", String(match.seed));
  element.setAttribute("seats", match.seats.join(","));
  if (match.log.length > 0) element.setAttribute("log", match.log.join(" "));
  else element.removeAttribute("log");
  return { status: "opened", match };
}

const page = document.querySelector<HTMLElement>("[data-match-page]");
const element = page?.querySelector("gridponder-match");

/** What the page's link was when it loaded (read before the element is defined). */
export const sharedLink: SharedLink =
  page && element ? applySharedLink(element, location.hash, gameOf(page)) : { status: "none" };

/** The seat range and information of the game a page shows, from its data attributes. */
export function gameOf(page: HTMLElement): { min: number; max: number; hidesInformation: boolean } {
  const min = Number(page.dataset.seatsMin);
  const max = Number(page.dataset.seatsMax);
  return {
    min: Number.isInteger(min) ? min : 2,
    max: Number.isInteger(max) ? max : 2,
    hidesInformation: page.dataset.hidesInformation === "true",
  };
}
