/**
 * The board view a player chose (isometric or top-down), remembered for the whole catalog: every level
 * page of a catalog opens in the last view chosen on any of them. A catalog is told apart by its root
 * URL, so two catalogs on one origin keep their own choice. Degrades to "not remembered" where storage
 * is missing, full or forbidden.
 * @module
 */
import type { KeyValueStorage } from "./progress.js";

export type BoardView = "isometric" | "top-down";

const PREFIX = "gridponder:view:";

/** The storage key of a catalog's view choice. */
export function viewChoiceKey(catalogRoot: string): string {
  return `${PREFIX}${catalogRoot}`;
}

/** The view chosen in this catalog, or `null` when none was (or what is stored is not a view). */
export function loadViewChoice(storage: KeyValueStorage | null, catalogRoot: string): BoardView | null {
  let value: string | null = null;
  try {
    value = storage?.getItem(viewChoiceKey(catalogRoot)) ?? null;
  } catch {
    return null;
  }
  return value === "isometric" || value === "top-down" ? value : null;
}

export function saveViewChoice(storage: KeyValueStorage | null, catalogRoot: string, view: BoardView): void {
  try {
    storage?.setItem(viewChoiceKey(catalogRoot), view);
  } catch {
    // Full or forbidden storage: the choice holds on this page only.
  }
}
