/**
 * The table of a card game as HTML: one section per zone, cards as text. It is drawn from the view's
 * table, which is drawn from one seat's observation: a card hidden from that seat is a blank back with
 * no id, face or name in the page.
 * @module
 */
import type { TableZone } from "@gridponder/view/match";
import { button, el, safeColor } from "../dom.js";

export interface TableOptions {
  /** Cards that may be chosen now, by id. */
  readonly playable: ReadonlySet<number>;
  readonly picked: number | null;
  readonly seatNames: readonly string[];
  /** The seat looking at the table (its hand is drawn last, nearest). */
  readonly viewer: number | null;
  readonly onCard: (id: number) => void;
}

function zoneTitle(zone: TableZone, seatNames: readonly string[], viewer: number | null): string {
  if (zone.seat === null) return zone.label;
  const who = zone.seat === viewer ? "Your" : `${seatNames[zone.seat] ?? `Seat ${zone.seat + 1}`}'s`;
  return `${who} ${zone.label.toLowerCase()}`;
}

/** Draws the zones into `root`, replacing what was there. */
export function drawTable(root: HTMLElement, zones: readonly TableZone[], options: TableOptions): void {
  const order = [...zones].sort((a, b) => rank(a, options.viewer) - rank(b, options.viewer));
  const sections = order.map((zone) => {
    const section = el(
      "section",
      `gpm-zone gpm-${zone.kind}${zone.seat !== null && zone.seat === options.viewer ? " gpm-mine" : ""}`,
    );
    section.dataset.zone = zone.id;
    if (zone.seat !== null) section.dataset.seat = String(zone.seat);
    const heading = el("h2", undefined, zoneTitle(zone, options.seatNames, options.viewer));
    heading.append(" ", el("span", "gpm-count", `(${zone.count})`));
    const cards = el("div", "gpm-cards");
    // A stack shows its top few cards; what lies under them is only counted.
    const shown = zone.kind === "stack" ? zone.cards.slice(-3) : zone.cards;
    for (const card of shown) {
      let node: HTMLElement;
      if (card.id !== null && options.playable.has(card.id)) {
        const id = card.id;
        node = button(card.text, () => options.onCard(id), "gpm-card");
        if (options.picked === id) node.classList.add("gpm-picked");
        node.dataset.card = String(id);
      } else if (card.id === null) node = el("span", "gpm-card gpm-down");
      else node = el("span", "gpm-card", card.text);
      node.setAttribute("aria-label", card.name);
      if (node.tagName !== "BUTTON") node.setAttribute("role", "img");
      const color = safeColor(card.color);
      if (color) node.style.color = color;
      cards.append(node);
    }
    section.append(heading, cards);
    return section;
  });
  root.replaceChildren(...sections);
}

/** Other seats' zones first, then shared piles, then the viewer's own. */
function rank(zone: TableZone, viewer: number | null): number {
  if (zone.seat === null) return 1;
  return zone.seat === viewer ? 2 : 0;
}
