/**
 * Appearances: how one entity kind with given params is drawn. Sprite first (pack file, shared
 * collection), then the kind's `display`, then a colour; plus the 3D form, text, opacity and tint.
 * @module
 */
import { type KindInfo, type Params, stableStringify } from "@gridponder/engine";
import { type DisplayHint, type EntityKind, own } from "@gridponder/schema";
import { resolveAsset, scalarText, substituteSpritePath } from "./assets.js";
import { colorFromName, hueColor, type ParsedColor, parseColor } from "./colors.js";
import type { ViewContext } from "./context.js";
import type { Appearance, DisplayType, Form, SpriteRef } from "./types.js";

/**
 * Colours for kind names packs commonly leave without a display or palette entry, so that sprite-less
 * fixture packs still read as a board (light floors, dark walls, blue water).
 */
const KIND_COLORS: Readonly<Record<string, string>> = {
  empty: "#ece6da",
  floor: "#e4ddd0",
  grass: "#7cb356",
  exit_floor: "#b9e3b0",
  wall: "#56646e",
  ledge: "#6d6a64",
  anchor: "#4e5a63",
  water: "#4f9ee3",
  ice: "#bfe6f5",
  bridge: "#8d6e55",
  void: "#202024",
  rock: "#8f8f8f",
  wood: "#c8843a",
  crate: "#b07a43",
  metal_crate: "#7b8d99",
  torch: "#ffd34e",
  pickaxe: "#8a6a58",
  portal: "#c792ea",
  pipe: "#455a64",
  hatch: "#a1887f",
  car: "#5c8fd6",
  hero_car: "#e0453a",
  beacon: "#ffcf40",
  screen: "#5d6d7e",
  link: "#b0a58f",
  pod: "#7fc8a9",
  wreck: "#6b5b52",
};

/** The default colour of each display style when its `color` is absent or unknown. */
const DISPLAY_COLORS: Readonly<Record<DisplayType, string>> = {
  tile: "grey",
  fill: "grey",
  circle: "green",
  label: "grey",
  emoji: "white",
  icon: "purple",
};

type AnyParams = Readonly<Record<string, unknown>> | null;

/**
 * Resolves a display string: `@param:<name>` (an instance parameter), `@kind_suffix:<prefix>` (the
 * kind's name minus the prefix; `null` when it does not start with it), or literal text.
 */
function resolveDisplayText(spec: string, kind: string, params: Params | null): string | null {
  if (spec.startsWith("@param:")) return scalarText(own(params, spec.slice("@param:".length)));
  if (spec.startsWith("@kind_suffix:")) {
    const prefix = spec.slice("@kind_suffix:".length);
    return kind.startsWith(prefix) ? kind.slice(prefix.length) : null;
  }
  if (spec.startsWith("@hue:")) return resolveDisplayText(spec.slice("@hue:".length), kind, params);
  return spec;
}

/**
 * Resolves a display colour: `@hue:<source>` (a colour derived from the number `<source>` resolves
 * to; nested tokens allowed), `@param:<name>` (a colour name, hex value or number in a parameter), a
 * `@kind_suffix:` token, a palette or CSS name, or a hex value. `null` when it names no colour.
 */
export function resolveDisplayColor(
  spec: string,
  kind: string,
  params: Params | null,
  palette: Readonly<Record<string, string>>,
): ParsedColor | null {
  if (spec.startsWith("@hue:")) {
    const source = resolveDisplayText(spec.slice("@hue:".length), kind, params);
    if (source === null) return null;
    const n = Number(source);
    return {
      color: Number.isFinite(n) && source.trim() !== "" ? hueColor(n) : colorFromName(source),
      alpha: 1,
    };
  }
  if (spec.startsWith("@param:")) {
    const value = own(params, spec.slice("@param:".length));
    if (typeof value === "number") return { color: hueColor(value), alpha: 1 };
    if (typeof value !== "string") return null;
    // A parameter names something (a portal channel, a team): unknown names still get their own colour.
    return parseColor(value, palette) ?? { color: colorFromName(value), alpha: 1 };
  }
  const text = resolveDisplayText(spec, kind, params);
  return text === null ? null : parseColor(text, palette);
}

/** Whether a kind's layer is the board's ground: an `exactly_one` layer (every cell holds something). */
function onGround(ctx: ViewContext, info: KindInfo | undefined): boolean {
  if (!info) return false;
  return ctx.pack.layers[info.layerIndex]?.exactlyOne ?? info.layer === "ground";
}

/** The procedural style of a kind: its `display`, else one that suits its layer and tags. */
function displayTypeOf(ctx: ViewContext, info: KindInfo | undefined): DisplayType {
  const display = info?.def.display;
  if (display) return display.type;
  if (!info) return "tile";
  if (onGround(ctx, info) && !info.tags.has("solid")) return "fill";
  if (info.tags.has("pickup") || info.tags.has("teleport")) return "circle";
  return "tile";
}

/** The 3D form: figures for actors, blocks for solid things, crates for pushable ones, orbs for pickups, flat sided pieces. */
function formOf(ctx: ViewContext, info: KindInfo | undefined, display: DisplayType): Form {
  if (!info) return "tile";
  const tags = info.tags;
  if (tags.has("actor") || info.layer === "actors") return "figure";
  if (tags.has("void")) return "flat";
  if (onGround(ctx, info)) return tags.has("solid") ? "block" : "flat";
  // A sided piece's picture says which of its sides are joined: it lies on the board, turned as the
  // board is, rather than standing up to face the viewer.
  if (tags.has("sided")) return "flat";
  if (tags.has("sliding_block")) return "crate";
  if (tags.has("pushable")) return "crate";
  if (tags.has("solid")) return "block";
  if (tags.has("pickup") || tags.has("teleport") || display === "circle") return "orb";
  if (display === "fill") return "flat";
  if (
    !info.def.display &&
    (tags.has("goal_target") || info.layer === "markers" || info.layer === "territory")
  )
    return "flat";
  return "tile";
}

/** Colour from the kind's name: a palette name as the whole name or after its first `_` (`cell_red`). */
function colorFromKindName(kind: string, palette: Readonly<Record<string, string>>): string | null {
  const whole = own(palette, kind);
  if (whole !== undefined) return whole;
  const at = kind.indexOf("_");
  if (at > 0) {
    const rest = kind.slice(at + 1);
    const named = own(palette, rest);
    if (named !== undefined) return named;
    const num = kind.match(/^num_(-?\d+)$/);
    if (num?.[1] !== undefined) return hueColor(Number(num[1]));
  }
  return own(KIND_COLORS, kind) ?? null;
}

/** The base colour and its alpha, in order: `entityColors`, `display.color`, the kind's name, a default. */
function colorOf(
  ctx: ViewContext,
  kind: string,
  def: EntityKind | undefined,
  params: Params | null,
  display: DisplayType,
): ParsedColor {
  const palette = ctx.theme.palette;
  const themed = own(ctx.pack.theme?.entityColors, kind);
  const fromTheme = themed === undefined ? null : parseColor(themed, palette);
  if (fromTheme) return fromTheme;
  const spec = def?.display?.color;
  const fromDisplay = spec === undefined ? null : resolveDisplayColor(spec, kind, params, palette);
  if (fromDisplay) return fromDisplay;
  const symbolValue = def?.symbolParam ? own(params, def.symbolParam) : undefined;
  if (typeof symbolValue === "number" && !def?.display?.color)
    return { color: hueColor(symbolValue), alpha: 1 };
  const fromName = colorFromKindName(kind, palette);
  if (fromName) return { color: fromName, alpha: 1 };
  if (def?.display) {
    const fallback = palette[DISPLAY_COLORS[display]];
    if (fallback && spec === undefined) return { color: fallback, alpha: 1 };
  }
  return { color: colorFromName(kind), alpha: 1 };
}

function textOf(kind: string, def: EntityKind | undefined, params: Params | null, sprite: SpriteRef | null) {
  const display: DisplayHint | undefined = def?.display;
  if (display?.type === "label") {
    return display.label === undefined ? null : resolveDisplayText(display.label, kind, params);
  }
  if (display?.type === "emoji") return display.value ?? null;
  // A numbered kind drawn without a sprite or display still needs its number to be playable.
  if (!display && !sprite && def?.symbolParam) return scalarText(own(params, def.symbolParam));
  return null;
}

function spriteOf(ctx: ViewContext, def: EntityKind | undefined, params: Params | null): SpriteRef | null {
  if (typeof def?.sprite !== "string") return null;
  return resolveAsset(ctx.assets, substituteSpritePath(def.sprite, params, def.spriteParam));
}

/** The key renderers instance by: every field that changes the drawing. */
function appearanceKey(a: Omit<Appearance, "key">): string {
  const sprite = a.sprite ? `${a.sprite.collection ?? ""}:${a.sprite.path}` : "";
  return [
    sprite,
    a.mirror ? 1 : 0,
    a.display,
    a.form,
    a.color,
    a.text ?? "",
    a.icon ?? "",
    a.opacity,
    a.tint ?? "",
  ]
    .map(String)
    .join("|");
}

/** Completes an appearance with its key (and freezes it: appearances are shared between pieces). */
export function makeAppearance(fields: Omit<Appearance, "key">): Appearance {
  return Object.freeze({ ...fields, key: appearanceKey(fields) });
}

const paramsCache = new WeakMap<ViewContext, WeakMap<object, { kind: string; appearance: Appearance }>>();

function cacheKey(kind: string, params: AnyParams): string {
  return params && Object.keys(params).length > 0 ? `${kind}${stableStringify(params)}` : kind;
}

function buildAppearance(ctx: ViewContext, kind: string, params: Params | null): Appearance {
  const info = ctx.pack.kinds.get(kind);
  const def = info?.def;
  const sprite = spriteOf(ctx, def, params);
  const display = displayTypeOf(ctx, info);
  const { color, alpha } = colorOf(ctx, kind, def, params, display);
  const renderOpacity = def?.render?.opacity;
  const opacity = Math.min(1, Math.max(0, (typeof renderOpacity === "number" ? renderOpacity : 1) * alpha));
  const tint =
    def?.render?.tint === undefined ? null : (parseColor(def.render.tint, ctx.theme.palette)?.color ?? null);
  return makeAppearance({
    sprite,
    mirror: false,
    display,
    form: formOf(ctx, info, display),
    color,
    text: textOf(kind, def, params, sprite),
    icon: def?.display?.type === "icon" ? (def.display.value ?? null) : null,
    opacity: Math.round(opacity * 1000) / 1000,
    tint,
  });
}

/**
 * How an entity of a kind with these params is drawn. Cached per context by kind and params, so
 * equal entities share one (frozen) appearance object. An unknown kind gets a colour derived from its
 * name rather than an error.
 */
export function appearanceOf(ctx: ViewContext, kind: string, params: Params | null): Appearance {
  // Entities share frozen params objects between states, so most lookups skip building the string key.
  let byObject = params ? paramsCache.get(ctx) : undefined;
  if (params) {
    if (!byObject) {
      byObject = new WeakMap();
      paramsCache.set(ctx, byObject);
    }
    const hit = byObject.get(params);
    if (hit?.kind === kind) return hit.appearance;
  }
  const key = cacheKey(kind, params);
  let appearance = ctx.appearances.get(key);
  if (!appearance) {
    appearance = buildAppearance(ctx, kind, params);
    ctx.appearances.set(key, appearance);
  }
  if (params && byObject && Object.isFrozen(params)) byObject.set(params, { kind, appearance });
  return appearance;
}
