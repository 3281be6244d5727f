import type { Entity } from "../contract/model.js";
import type { Pack } from "../contract/runtime.js";
import type { GameState } from "../contract/state.js";

/** Options for {@link renderText}. */
export interface TextRenderOptions {
  /** Append a legend line per symbol used. */
  legend?: boolean;
  /** The character for a cell with nothing worth showing. */
  blank?: string;
}

function symbolOf(e: Entity): string {
  const def = e.info.def;
  if (def.symbolParam !== undefined && e.params && Object.hasOwn(e.params, def.symbolParam)) {
    const text = String(e.params[def.symbolParam]);
    // A multi-digit value cannot fit one column; its last digit keeps the grid aligned.
    return text.length === 1 ? text : (text.at(-1) ?? def.symbol);
  }
  return def.symbol;
}

/**
 * Draws a state as a text grid, one character per cell: `@` for the avatar, else the symbol of the
 * topmost entity (the last layer that has one), skipping the default fill of `exactly_one` layers
 * unless nothing else is there. For terminals and readable test diffs.
 */
export function renderText(
  pack: Pack,
  state: GameState,
  width: number,
  height: number,
  options: TextRenderOptions = {},
): string {
  const rows: string[] = [];
  const used = new Map<string, string>();
  const avatar = state.avatar.enabled ? state.avatar.position : null;
  for (let y = 0; y < height; y++) {
    let row = "";
    for (let x = 0; x < width; x++) {
      if (avatar && avatar[0] === x && avatar[1] === y) {
        row += "@";
        continue;
      }
      let shown: Entity | null = null;
      for (let li = pack.layers.length - 1; li >= 0; li--) {
        const e = state.layers[li]?.[y * width + x] ?? null;
        if (!e) continue;
        if (shown === null || e !== pack.layers[li]?.fill) {
          shown = e;
          if (e !== pack.layers[li]?.fill) break;
        }
      }
      if (!shown) {
        row += options.blank ?? " ";
        continue;
      }
      const symbol = symbolOf(shown);
      used.set(shown.info.def.symbol, shown.info.def.uiName ?? shown.kind);
      row += symbol;
    }
    rows.push(row);
  }
  if (options.legend) {
    if (avatar) rows.push("@ avatar");
    for (const [symbol, name] of used) rows.push(`${symbol} ${name}`);
  }
  return rows.join("\n");
}
