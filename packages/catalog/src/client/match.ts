/**
 * A game's play page: `<gridponder-match>` with what the catalog adds around it — the seats line (who
 * plays each seat, kept up as seats change), share links (`#m=<code>`: seat count, seed, seats and the
 * moves so far) and the notice saying what became of a shared link.
 * @module
 */
// First: the shared link's attributes are set before the element is defined and starts its game.
import { applySharedLink, gameOf, type SharedLink, sharedLink } from "./match-link.js";
import "@gridponder/player/define-match";
import type { GridponderMatchElement, MatchChange } from "@gridponder/player/match";
import { seatsLine } from "../components/match-text.ts";
import { count, stringList } from "./data.js";
import { encodeMatch, type MatchSeat, matchCodeFromHash, matchHash } from "./match-share-code.js";

const START = "The game starts from the beginning.";

const page = document.querySelector<HTMLElement>("[data-match-page]");
const first = page?.querySelector<GridponderMatchElement>("gridponder-match");
if (page && first) start(page, first);

function start(page: HTMLElement, first: GridponderMatchElement): void {
  const find = <T extends HTMLElement>(selector: string) => page.querySelector<T>(selector);
  const names = stringList(page.dataset.seatNames);
  const seatsText = find<HTMLElement>("[data-seats-line]");
  const notice = find<HTMLElement>("[data-share-notice]");
  const status = find<HTMLElement>("[data-page-status]");
  const shareButton = find<HTMLButtonElement>("[data-share]");
  const shareUrl = find<HTMLInputElement>("[data-share-url]");
  let element = first;
  let latest: MatchChange | null = null;

  const say = (text: string): void => {
    if (status) status.textContent = text;
  };
  const notify = (text: string): void => {
    if (!notice) return;
    notice.textContent = text;
    notice.hidden = text === "";
  };

  // Every change of the game (a move, new seats, a new game) comes here, from whichever element is on the page.
  page.addEventListener("match-change", (event) => {
    latest = (event as CustomEvent<MatchChange>).detail;
    if (seatsText) seatsText.textContent = seatsLine(names, latest.seats as MatchSeat[]);
    if (shareUrl) shareUrl.hidden = true;
  });

  /** Once the element has its game: the share button, and what became of a shared link. */
  const opened = (link: SharedLink): void => {
    void element.ready.then((handle) => {
      if (!handle) return;
      if (shareButton) shareButton.hidden = false;
      if (link.status === "refused") notify(`This share link could not be read: ${link.reason}. ${START}`);
      else if (link.status === "opened") {
        // Read before any bot answers (bots wait a moment): the moves of the link the game accepted.
        const total = link.match.log.length;
        const played = handle.session.log.length;
        if (total === 0) notify("Shared game: its seats and seed, from the first move.");
        else if (played >= total) notify(`Shared game: ${count(total, "move")} replayed.`);
        else if (played === 0)
          notify(`The shared moves were not replayed: move 1 of ${total} cannot be played here. ${START}`);
        else
          notify(
            `Shared game: ${count(played, "move")} replayed. The replay stopped at move ${played + 1} of ${total}, which cannot be played here.`,
          );
      } else notify("");
      if (document.activeElement === document.body) element.focus({ preventScroll: true });
    });
  };

  shareButton?.addEventListener("click", () => {
    if (!latest) return;
    const code = encodeMatch({
      seatCount: latest.seatCount,
      seed: latest.seed,
      seats: latest.seats as MatchSeat[],
      log: latest.log,
    });
    const url = `${location.origin}${location.pathname}${matchHash(code)}`;
    if (shareUrl) {
      shareUrl.value = url;
      shareUrl.hidden = false;
      shareUrl.select();
    }
    const moves = latest.log.length;
    const what = moves === 0 ? "the start of this game" : `this game after ${count(moves, "move")}`;
    const clipboard = navigator.clipboard;
    if (clipboard)
      clipboard.writeText(url).then(
        () => say(`Link to ${what} copied.`),
        () => say(`Copy the link to share ${what}.`),
      );
    else say(`Copy the link to share ${what}.`);
  });

  // A link to this same page only changes the hash: the game is started again from its link.
  window.addEventListener("hashchange", () => {
    if (matchCodeFromHash(location.hash) === null) return;
    const fresh = document.createElement("gridponder-match") as GridponderMatchElement;
    for (const name of ["src", "level"]) {
      const value = element.getAttribute(name);
      if (value !== null) fresh.setAttribute(name, value);
    }
    const link = applySharedLink(fresh, location.hash, gameOf(page));
    if (link.status !== "opened") {
      notify(link.status === "refused" ? `This share link could not be read: ${link.reason}.` : "");
      return;
    }
    if (shareUrl) shareUrl.hidden = true;
    say("");
    element.replaceWith(fresh);
    element = fresh;
    opened(link);
  });

  opened(sharedLink);
}
