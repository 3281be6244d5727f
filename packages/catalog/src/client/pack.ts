/** Pack page: solved ticks on the level list, the solved count, and "continue" to the first unsolved level. */
import { stringList } from "./data.js";
import { browserStorage, firstUnsolved, loadProgress, packRefOf, solvedCount } from "./progress.js";

const page = document.querySelector<HTMLElement>("[data-pack-page]");
if (page) {
  const levels = stringList(page.dataset.levels);
  const progress = loadProgress(browserStorage(), packRefOf(page));
  const items = new Map<string, HTMLElement>();
  for (const item of page.querySelectorAll<HTMLElement>("[data-level]")) {
    const id = item.dataset.level ?? "";
    items.set(id, item);
    const solved = progress[id]?.solved === true;
    item.classList.toggle("solved", solved);
    const tick = item.querySelector<HTMLElement>("[data-tick]");
    if (tick) {
      tick.hidden = !solved;
      const best = progress[id]?.best;
      tick.textContent = best != null ? `Solved · best ${best}` : "Solved";
    }
  }
  const solved = solvedCount(progress, levels);
  const out = page.querySelector<HTMLElement>("[data-progress]");
  if (out && solved > 0) {
    out.textContent = `${solved}/${levels.length} solved`;
    out.hidden = false;
  }
  const button = page.querySelector<HTMLAnchorElement>("[data-continue]");
  if (button && solved > 0) {
    const next = firstUnsolved(progress, levels);
    const href = next ? items.get(next)?.querySelector("a")?.href : null;
    if (href) {
      button.href = href;
      button.textContent = "Continue";
    } else if (!next) button.textContent = "Play again";
  }
}
