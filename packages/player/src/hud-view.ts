import type { BoardView, GoalGridView, Hud, Scene, SpriteRef } from "@gridponder/view";
import { el } from "./dom.js";
import { paintSwatch } from "./swatch.js";

/** The moves counter: used, and the limit when the level has one. */
export function counterText(hud: Hud): string {
  return hud.maxActions === null
    ? `Moves: ${hud.actionsUsed}`
    : `Moves: ${hud.actionsUsed} / ${hud.maxActions}`;
}

type GoalPicture = typeof import("./goal-picture.js").goalPicture;
/** Loaded with the first level that has a target pattern: most packs never need it. */
let goalPicture: GoalPicture | null = null;
let loading: Promise<GoalPicture> | null = null;

function goalGrid(grid: GoalGridView, view: BoardView, url: (ref: SpriteRef) => string): HTMLElement {
  const box = el("div", "gp-row");
  if (goalPicture) box.append(goalPicture(grid, view, url));
  else {
    loading ??= import("./goal-picture.js").then((m) => {
      goalPicture = m.goalPicture;
      return m.goalPicture;
    });
    loading.then(
      (draw) => box.append(draw(grid, view, url)),
      () => {
        // The chunk did not arrive (offline, or the page is going away): the next HUD tries again.
        loading = null;
      },
    );
  }
  return box;
}

/** Rebuilds the side panel: guide, goals with progress bars, inventory, shown variables, target pictures (as the board is seen). */
export function renderHud(
  panel: HTMLElement,
  hud: Hud,
  scene: Scene,
  view: BoardView,
  url: (ref: SpriteRef) => string,
): void {
  const parts: HTMLElement[] = [];
  if (hud.guide) parts.push(el("p", "gp-guide", hud.guide));
  if (hud.goals.length > 0) {
    const list = el("ul", "gp-goals");
    list.setAttribute("aria-label", "Goals");
    for (const goal of hud.goals) {
      const item = el("li", goal.done ? "gp-goal done" : "gp-goal");
      item.dataset.goal = goal.id;
      item.append(el("span", "gp-goal-text", goal.text));
      const bar = el("div", "gp-bar");
      const percent = Math.round(Math.max(0, Math.min(1, goal.progress)) * 100);
      bar.setAttribute("role", "progressbar");
      bar.setAttribute("aria-valuemin", "0");
      bar.setAttribute("aria-valuemax", "100");
      bar.setAttribute("aria-valuenow", String(percent));
      bar.setAttribute("aria-label", goal.text);
      const fill = el("span");
      fill.style.width = `${percent}%`;
      bar.append(fill);
      item.append(bar);
      const grid = scene.goalGrids.find((g) => g.goalId === goal.id);
      if (grid) item.append(goalGrid(grid, view, url));
      list.append(item);
    }
    parts.push(list);
  }
  for (const grid of scene.goalGrids)
    if (!hud.goals.some((g) => g.id === grid.goalId)) parts.push(goalGrid(grid, view, url));
  if (hud.inventory) {
    const row = el("div", "gp-row gp-inventory");
    const swatch = el("span", "gp-swatch");
    paintSwatch(swatch, hud.inventory.appearance, url);
    // The item's name follows, so a glyph on the swatch would only be read out twice.
    swatch.setAttribute("aria-hidden", "true");
    row.append(el("span", undefined, "Holding:"), swatch, el("span", undefined, hud.inventory.name));
    parts.push(row);
  }
  for (const variable of hud.variables) {
    const row = el("div", "gp-row gp-variable");
    row.dataset.variable = variable.name;
    row.append(el("span", undefined, `${variable.label}: ${variable.value}`));
    parts.push(row);
  }
  panel.replaceChildren(...parts);
}
