/**
 * The per-pack view context: the pack, its asset catalog, the theme with every field defaulted, and
 * the caches that keep scene building cheap (appearances by kind and params, avatar sprites).
 * @module
 */

import type { Pack } from "@gridponder/engine";
import { dictionary } from "@gridponder/schema";
import { BUILTIN_PALETTE, parseColor, parseHex } from "./colors.js";
import type { Appearance, AssetCatalog, FrameAnimation, SpriteRef, ThemeView } from "./types.js";

/** What every view function of one pack shares. Create one per pack (and catalog) and keep it. */
export interface ViewContext {
  readonly pack: Pack;
  readonly assets: AssetCatalog | undefined;
  readonly theme: ThemeView;
  /** Resolved appearances by kind and params (see `appearanceOf`). */
  readonly appearances: Map<string, Appearance>;
  /** Resolved avatar sprites by state and facing (see `avatarAppearance`). */
  readonly avatarSprites: Map<
    string,
    { readonly sprite: SpriteRef | null; readonly mirror: boolean; readonly animation: FrameAnimation | null }
  >;
  /** Cached per-pack derived data of other modules (input bindings and the like), by module key. */
  readonly memo: Map<string, unknown>;
}

/** Engine and schema defaults for a pack without a `theme.json` (or with gaps in it). */
const DEFAULTS = {
  primaryColor: "#4caf50",
  backgroundColor: "#1b1d24",
  cellSize: 64,
  cellSpacing: 2,
  borderRadius: 4,
  gridLineColor: "#333333",
  fontFamily: "default",
  titleColor: "#ffffff",
  bodyColor: "#cccccc",
} as const;

function hexOr(
  value: string | undefined,
  fallback: string,
  palette: Readonly<Record<string, string>>,
): string {
  if (value === undefined) return fallback;
  return parseColor(value, palette)?.color ?? fallback;
}

/** The theme as renderers need it: the pack's `theme.json` over the defaults, palette merged. */
export function themeView(pack: Pack): ThemeView {
  const theme = pack.theme;
  // Colour names come from the pack: a record without a prototype finds only the names it holds.
  const palette = dictionary(BUILTIN_PALETTE);
  for (const [name, value] of Object.entries(theme?.palette ?? {})) {
    const parsed = parseHex(value);
    if (parsed) palette[name] = parsed.color;
  }
  const board = theme?.boardStyle ?? {};
  const text = theme?.textStyle ?? {};
  const nonNegative = (n: number | undefined, fallback: number) =>
    typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : fallback;
  return {
    palette: Object.freeze(palette),
    primaryColor: hexOr(theme?.primaryColor, DEFAULTS.primaryColor, palette),
    backgroundColor: hexOr(theme?.backgroundColor, DEFAULTS.backgroundColor, palette),
    board: {
      cellSize: nonNegative(board.cellSize, DEFAULTS.cellSize) || DEFAULTS.cellSize,
      cellSpacing: nonNegative(board.cellSpacing, DEFAULTS.cellSpacing),
      borderRadius: nonNegative(board.borderRadius, DEFAULTS.borderRadius),
      gridLineColor: hexOr(board.gridLineColor, DEFAULTS.gridLineColor, palette),
      showGridLines: board.showGridLines ?? true,
      view: board.view === "top-down" ? "top-down" : "isometric",
    },
    text: {
      fontFamily: text.fontFamily ?? DEFAULTS.fontFamily,
      titleColor: hexOr(text.titleColor, DEFAULTS.titleColor, palette),
      bodyColor: hexOr(text.bodyColor, DEFAULTS.bodyColor, palette),
    },
    avatarVisible: theme?.avatar?.visible ?? true,
  };
}

/**
 * The view context of a pack. Without `assets` no sprite resolves and every piece draws procedurally
 * (see `resolveAsset`).
 */
export function createViewContext(pack: Pack, assets?: AssetCatalog): ViewContext {
  return {
    pack,
    assets,
    theme: themeView(pack),
    appearances: new Map(),
    avatarSprites: new Map(),
    memo: new Map(),
  };
}

/**
 * A value computed once per context (for derived tables of other modules).
 * Exported for the view's own modules (each keeps its tables in the context); not part of the public API.
 * @internal
 */
export function memoized<T>(ctx: ViewContext, key: string, make: () => T): T {
  if (ctx.memo.has(key)) return ctx.memo.get(key) as T;
  const value = make();
  ctx.memo.set(key, value);
  return value;
}
