/** The match test page: registers `<gridponder-match>`, records `match-change`, mounts on request. */
import "../../src/define-match.js";
import type { GridponderMatchElement } from "../../src/match/index.js";

const changes: unknown[] = [];
document.addEventListener("match-change", (e) => changes.push((e as CustomEvent).detail));

/** Replaces the page's match element with one made from these attributes; resolves when it has loaded. */
async function mountMatch(attributes: Record<string, string>): Promise<boolean> {
  document.querySelector("gridponder-match")?.remove();
  const element = document.createElement("gridponder-match") as GridponderMatchElement;
  element.id = "match";
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  // Sized through the CSSOM: the test server's CSP forbids inline style attributes.
  element.style.width = "900px";
  element.style.height = "640px";
  element.style.display = "block";
  document.body.append(element);
  return (await element.ready) !== null;
}

(window as unknown as { gpMatch: unknown }).gpMatch = {
  changes,
  mount: mountMatch,
  get handle() {
    return (document.querySelector("gridponder-match") as GridponderMatchElement | null)?.match ?? null;
  },
};
document.body.dataset.ready = "true";
