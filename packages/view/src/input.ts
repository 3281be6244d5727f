/**
 * Input: how swipes, taps, buttons and keys become game actions or player commands, from the theme's
 * `controls.gestureMap`, or from the game's actions when a pack has no controls.
 * @module
 */
import { type ActionInput, axisActions } from "@gridponder/engine";
import {
  type ActionDefinition,
  type Direction,
  type GestureBinding,
  type JsonValue,
  own,
} from "@gridponder/schema";
import { appearanceOf } from "./appearance.js";
import { DIRECTION_GLYPHS } from "./board-view.js";
import { parseColor } from "./colors.js";
import { memoized, type ViewContext } from "./context.js";
import { humanize } from "./names.js";
import type { ButtonView, Cell, Command, Gesture, InputModel, InputOutcome } from "./types.js";

const CARDINALS: readonly Direction[] = ["up", "down", "left", "right"];
const DIAGONALS: readonly Direction[] = ["up_left", "up_right", "down_left", "down_right"];

/** One binding, normalised: the action, its static params, and which params receive the input. */
interface Binding {
  readonly action: string;
  readonly params: Readonly<Record<string, JsonValue>>;
  /** Params that receive a swipe's direction. */
  readonly directionParams: readonly string[];
  /** Params that receive a tapped cell, or (for a swipe) the selected cell. */
  readonly positionParams: readonly string[];
}

interface Bindings {
  readonly cardinal: Binding | null;
  readonly diagonal: Binding | null;
  readonly tap: Binding | null;
  readonly buttons: readonly { readonly id: string; readonly binding: Binding }[];
  /** Pack key bindings by the key as the pack wrote it. */
  readonly keys: readonly { readonly key: string; readonly binding: Binding }[];
}

function paramsOfType(def: ActionDefinition | undefined, type: string): string[] {
  return Object.entries(def?.params ?? {}).flatMap(([name, spec]) => (spec.type === type ? [name] : []));
}

function directionValues(def: ActionDefinition | undefined, param: string): readonly string[] | null {
  const spec = own(def?.params, param);
  return spec && spec.type === "direction" ? spec.values : null;
}

function bindingOf(
  ctx: ViewContext,
  action: string,
  params: Readonly<Record<string, JsonValue>> | undefined,
  mapping: Readonly<Record<string, string>> | undefined,
  source: "swipe_direction" | "tap_position" | null,
): Binding {
  const def = ctx.pack.actions.get(action);
  const fixed = params ?? {};
  const mapped = (value: string) =>
    Object.entries(mapping ?? {}).flatMap(([p, v]) => (v === value ? [p] : []));
  // Without a mapping, a swipe fills the action's direction params and a tap its position params.
  const unfixed = (names: string[]) => names.filter((n) => !Object.hasOwn(fixed, n));
  const directionParams =
    source === "swipe_direction"
      ? mapping
        ? mapped("swipe_direction")
        : unfixed(paramsOfType(def, "direction"))
      : [];
  const positionParams =
    source === "tap_position"
      ? mapping
        ? mapped("tap_position")
        : unfixed(paramsOfType(def, "position"))
      : source === "swipe_direction"
        ? unfixed(paramsOfType(def, "position"))
        : [];
  return { action, params: fixed, directionParams, positionParams };
}

function themedBindings(ctx: ViewContext, map: readonly GestureBinding[]): Bindings {
  let cardinal: Binding | null = null;
  let diagonal: Binding | null = null;
  let tap: Binding | null = null;
  const buttons: { id: string; binding: Binding }[] = [];
  const keys: { key: string; binding: Binding }[] = [];
  for (const b of map) {
    if (!ctx.pack.actions.has(b.action)) continue;
    switch (b.gesture) {
      case "swipe_cardinal":
        cardinal ??= bindingOf(ctx, b.action, b.params, b.paramMapping, "swipe_direction");
        break;
      case "swipe_diagonal":
        diagonal ??= bindingOf(ctx, b.action, b.params, b.paramMapping, "swipe_direction");
        break;
      case "tap_cell":
        tap ??= bindingOf(ctx, b.action, b.params, b.paramMapping, "tap_position");
        break;
      case "button":
        if (!buttons.some((x) => x.id === b.buttonId))
          buttons.push({ id: b.buttonId, binding: bindingOf(ctx, b.action, b.params, undefined, null) });
        break;
      case "key_press":
        keys.push({ key: b.key, binding: bindingOf(ctx, b.action, b.params, undefined, null) });
        break;
    }
  }
  return { cardinal, diagonal, tap, buttons, keys };
}

/** Bindings for a pack without controls, read from its actions' params. */
function derivedBindings(ctx: ViewContext): Bindings {
  const actions = ctx.pack.game.actions;
  const directional = (values: readonly Direction[]) =>
    actions.filter((a) =>
      paramsOfType(a, "direction").some((p) =>
        (directionValues(a, p) ?? []).some((v) => values.includes(v as Direction)),
      ),
    );
  const cardinalAction =
    directional(CARDINALS).find((a) => a.id === "move") ?? directional(CARDINALS)[0] ?? undefined;
  const diagonalAction =
    cardinalAction && directional(DIAGONALS).includes(cardinalAction)
      ? cardinalAction
      : directional(DIAGONALS)[0];
  const tapAction = actions.find(
    (a) => paramsOfType(a, "position").length > 0 && paramsOfType(a, "direction").length === 0,
  );
  const swipe = (a: ActionDefinition | undefined) =>
    a ? bindingOf(ctx, a.id, undefined, undefined, "swipe_direction") : null;
  return {
    cardinal: swipe(cardinalAction),
    diagonal: swipe(diagonalAction),
    tap: tapAction ? bindingOf(ctx, tapAction.id, undefined, undefined, "tap_position") : null,
    buttons: [],
    keys: [],
  };
}

/**
 * The pack's bindings. Parameterless actions that no button binds also get a button (the theme may
 * bind them only to keys, which touch screens lack); without controls every parameterless action does.
 */
function bindingsOf(ctx: ViewContext): Bindings {
  return memoized(ctx, "input:bindings", () => {
    const map = ctx.pack.theme?.controls?.gestureMap;
    const base = map ? themedBindings(ctx, map) : derivedBindings(ctx);
    const buttons = [...base.buttons];
    for (const a of ctx.pack.game.actions) {
      if (Object.keys(a.params ?? {}).length > 0) continue;
      if (buttons.some((b) => b.binding.action === a.id)) continue;
      const id = buttons.some((b) => b.id === a.id) ? `action:${a.id}` : a.id;
      buttons.push({ id, binding: bindingOf(ctx, a.id, undefined, undefined, null) });
    }
    return { ...base, buttons };
  });
}

/**
 * Whether swipes need a selected cell first: the swipe action also takes a position (a sliding-block
 * game moves the block on the selected cell). Players then select by tapping and pass the selection
 * to {@link resolveGesture}.
 */
export function needsSelection(ctx: ViewContext): boolean {
  const b = bindingsOf(ctx);
  return (b.cardinal?.positionParams.length ?? 0) > 0 || (b.diagonal?.positionParams.length ?? 0) > 0;
}

function allowed(ctx: ViewContext, binding: Binding, direction: Direction): boolean {
  const def = ctx.pack.actions.get(binding.action);
  return binding.directionParams.every((p) => {
    const values = directionValues(def, p);
    return values === null || values.includes(direction);
  });
}

const OPPOSITE: Readonly<Record<Direction, Direction>> = {
  up: "down",
  down: "up",
  left: "right",
  right: "left",
  up_left: "down_right",
  down_right: "up_left",
  up_right: "down_left",
  down_left: "up_right",
};

/**
 * The direction to send for `direction`: itself when the action accepts it, else, for an action whose
 * direction names an axis (a diagonal swap), the other end of the axis when that is accepted.
 */
function namedDirection(ctx: ViewContext, binding: Binding, direction: Direction): Direction | null {
  if (allowed(ctx, binding, direction)) return direction;
  const axes = memoized(ctx, "input:axes", () => axisActions(ctx.pack));
  const other = OPPOSITE[direction];
  return axes.has(binding.action) && allowed(ctx, binding, other) ? other : null;
}

function act(binding: Binding, extra: Record<string, JsonValue>): InputOutcome {
  return { kind: "action", action: { ...binding.params, ...extra, action: binding.action } as ActionInput };
}

function swipeOutcome(ctx: ViewContext, direction: Direction, selection: Cell | null): InputOutcome {
  const b = bindingsOf(ctx);
  const binding = DIAGONALS.includes(direction) ? b.diagonal : b.cardinal;
  const named = binding ? namedDirection(ctx, binding, direction) : null;
  if (!binding || !named) return null;
  const extra: Record<string, JsonValue> = {};
  for (const p of binding.directionParams) extra[p] = named;
  if (binding.positionParams.length > 0) {
    if (!selection) return null;
    for (const p of binding.positionParams) extra[p] = [selection[0], selection[1]];
  }
  return act(binding, extra);
}

const ARROWS: Readonly<Record<string, Direction>> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
};
const WASD: Readonly<Record<string, Direction>> = { w: "up", s: "down", a: "left", d: "right" };
const DIAGONAL_KEYS: Readonly<Record<string, Direction>> = {
  q: "up_left",
  e: "up_right",
  z: "down_left",
  c: "down_right",
  "7": "up_left",
  "9": "up_right",
  "1": "down_left",
  "3": "down_right",
  // Numpad keys with Num Lock off.
  Home: "up_left",
  PageUp: "up_right",
  End: "down_left",
  PageDown: "down_right",
};

/** A key as packs write it and as `KeyboardEvent.key` reports it compared: letters exactly, names loosely. */
function sameKey(bound: string, pressed: string): boolean {
  const normal = (k: string) => (k.toLowerCase() === "space" || k.toLowerCase() === "spacebar" ? " " : k);
  const a = normal(bound);
  const b = normal(pressed);
  return a.length === 1 && b.length === 1 ? a === b : a.toLowerCase() === b.toLowerCase();
}

function packKey(ctx: ViewContext, key: string) {
  return bindingsOf(ctx).keys.find((k) => sameKey(k.key, key));
}

function command(c: Command): InputOutcome {
  return { kind: "command", command: c };
}

/**
 * The direction a key stands for, as `resolveGesture` reads it: an arrow key (`ArrowUp`…), W A S D
 * unless a pack key binding takes the letter, and the diagonal keys when the pack binds diagonal
 * swipes. For moving a cursor or a selection by keyboard; `null` for any other key.
 */
export function keyDirection(ctx: ViewContext, key: string): Direction | null {
  const arrow = own(ARROWS, key);
  if (arrow) return arrow;
  if (packKey(ctx, key)) return null;
  const wasd = own(WASD, key);
  if (wasd) return wasd;
  return bindingsOf(ctx).diagonal ? (own(DIAGONAL_KEYS, key) ?? null) : null;
}

function keyOutcome(
  ctx: ViewContext,
  g: Extract<Gesture, { type: "key" }>,
  selection: Cell | null,
): InputOutcome {
  const { key } = g;
  const shift = g.shift ?? (key.length === 1 && key !== key.toLowerCase());
  const mod = g.ctrl === true || g.meta === true;
  if (!mod && !g.alt) {
    const bound = packKey(ctx, key);
    if (bound) return act(bound.binding, {});
  }
  const lower = key.length === 1 ? key.toLowerCase() : key;
  if (mod) {
    if (lower === "z") return command(shift ? "redo" : "undo");
    if (lower === "y") return command("redo");
    return null;
  }
  if (g.alt) return null;
  const arrow = own(ARROWS, key);
  if (arrow) return swipeOutcome(ctx, arrow, selection);
  if (!shift) {
    const wasd = own(WASD, lower);
    if (wasd) return swipeOutcome(ctx, wasd, selection);
    const diagonal = own(DIAGONAL_KEYS, key.length === 1 ? lower : key);
    if (diagonal && bindingsOf(ctx).diagonal) return swipeOutcome(ctx, diagonal, selection);
  }
  if (key === "Backspace" || (lower === "u" && !shift)) return command("undo");
  if (lower === "u" && shift) return command("redo");
  if (lower === "r") return command("reset");
  if (lower === "h") return command("hint");
  return null;
}

/** Extra context for {@link resolveGesture}. */
export interface GestureOptions {
  /** The selected cell, for games whose swipe action also names a position (sliding blocks). */
  readonly selection?: Cell | null;
}

/**
 * What a gesture does: a swipe → the swipe binding's action with the direction mapped into its params
 * (`null` for a direction the action does not accept); a tap → the tap binding's action with the cell;
 * a button → the pack button's action, a `direction:<dir>` button → a swipe, a `command:<cmd>`
 * button → that command; a key → a pack `key_press` binding first, then the default keys (arrows/WASD,
 * diagonal keys when the pack binds diagonal swipes, undo, redo, reset, hint). `null` when nothing fits.
 */
export function resolveGesture(
  ctx: ViewContext,
  gesture: Gesture,
  options: GestureOptions = {},
): InputOutcome {
  const selection = options.selection ?? null;
  switch (gesture.type) {
    case "swipe":
      return swipeOutcome(ctx, gesture.direction, selection);
    case "tap": {
      const tap = bindingsOf(ctx).tap;
      if (!tap || tap.positionParams.length === 0) return null;
      const extra: Record<string, JsonValue> = {};
      for (const p of tap.positionParams) extra[p] = [gesture.cell[0], gesture.cell[1]];
      return act(tap, extra);
    }
    case "button": {
      const id = gesture.buttonId;
      const button = bindingsOf(ctx).buttons.find((b) => b.id === id);
      if (button) return act(button.binding, {});
      if (id.startsWith("direction:")) {
        const dir = id.slice("direction:".length) as Direction;
        return [...CARDINALS, ...DIAGONALS].includes(dir) ? swipeOutcome(ctx, dir, selection) : null;
      }
      if (id.startsWith("command:")) {
        const c = id.slice("command:".length);
        return c === "undo" || c === "redo" || c === "reset" || c === "hint" ? command(c) : null;
      }
      return null;
    }
    case "key":
      return keyOutcome(ctx, gesture, selection);
  }
}

function keyLabel(key: string): string {
  if (key === " ") return "Space";
  return key.length === 1 ? key.toUpperCase() : key;
}

/** An action in words with some params fixed: its label, then the fixed values (`Rotate (clockwise)`). */
export function actionLabel(
  ctx: ViewContext,
  action: string,
  params: Readonly<Record<string, JsonValue>> = {},
): string {
  const def = ctx.pack.actions.get(action);
  const base = def?.label ?? humanize(action);
  const fixed = Object.values(params)
    .filter((v) => typeof v === "string" || typeof v === "number")
    .map((v) => humanize(String(v)).toLowerCase());
  return fixed.length > 0 ? `${base} (${fixed.join(", ")})` : base;
}

function describe(ctx: ViewContext, binding: Binding): string {
  return actionLabel(ctx, binding.action, binding.params);
}

function buttonColor(ctx: ViewContext, action: string): string | null {
  const def = ctx.pack.actions.get(action);
  if (def?.color) {
    const parsed = parseColor(def.color, ctx.theme.palette);
    if (parsed) return parsed.color;
  }
  return def?.entityKind ? appearanceOf(ctx, def.entityKind, null).color : null;
}

/** The first key that does a command, or `null` when the pack's bindings took all of them. */
function commandKey(ctx: ViewContext, c: Command): string | null {
  const candidates: Record<Command, readonly Gesture[]> = {
    undo: [
      { type: "key", key: "u" },
      { type: "key", key: "Backspace" },
    ],
    redo: [{ type: "key", key: "U", shift: true }],
    reset: [
      { type: "key", key: "r" },
      { type: "key", key: "R", shift: true },
    ],
    hint: [{ type: "key", key: "h" }],
  };
  for (const g of candidates[c]) {
    const out = resolveGesture(ctx, g);
    if (out?.kind === "command" && out.command === c && g.type === "key")
      return g.shift ? `Shift+${keyLabel(g.key)}` : keyLabel(g.key);
  }
  return null;
}

/**
 * The key that does what a direction button does: the arrow for a cardinal, a pack key bound to the
 * same action and direction (Diagonal Swipes binds L and R), else the default diagonal key.
 */
function directionKey(ctx: ViewContext, binding: Binding, named: Direction, d: Direction): string | null {
  if (CARDINALS.includes(d)) return DIRECTION_GLYPHS[d];
  const bound = bindingsOf(ctx).keys.find(
    (k) =>
      k.binding.action === binding.action &&
      binding.directionParams.every((p) => k.binding.params[p] === named),
  );
  if (bound) return keyLabel(bound.key);
  const own = Object.entries(DIAGONAL_KEYS).find(
    ([key, dir]) => key.length === 1 && /[a-z]/.test(key) && dir === d && !packKey(ctx, key),
  );
  return own ? keyLabel(own[0]) : null;
}

/** How input becomes actions for the pack: which gestures work, the on-screen buttons, keyboard help. */
export function inputModel(ctx: ViewContext): InputModel {
  return memoized(ctx, "input:model", () => {
    const b = bindingsOf(ctx);
    const buttons: ButtonView[] = [];
    for (const { id, binding } of b.buttons) {
      const key = b.keys.find(
        (k) => k.binding.action === binding.action && Object.keys(k.binding.params).length === 0,
      );
      buttons.push({
        id,
        label: describe(ctx, binding),
        outcome: act(binding, {}) as Exclude<InputOutcome, null>,
        color: buttonColor(ctx, binding.action),
        key: key ? keyLabel(key.key) : null,
        group: "game",
      });
    }
    // Both ends of an axis get a button: a swipe either way along it does the same.
    const directions = [
      ...(b.cardinal ? CARDINALS.filter((d) => namedDirection(ctx, b.cardinal as Binding, d)) : []),
      ...(b.diagonal ? DIAGONALS.filter((d) => namedDirection(ctx, b.diagonal as Binding, d)) : []),
    ];
    for (const d of directions) {
      const binding = (DIAGONALS.includes(d) ? b.diagonal : b.cardinal) as Binding;
      const named = namedDirection(ctx, binding, d) as Direction;
      const extra: Record<string, JsonValue> = {};
      for (const p of binding.directionParams) extra[p] = named;
      buttons.push({
        id: `direction:${d}`,
        label: DIRECTION_GLYPHS[d],
        outcome: act(binding, extra) as Exclude<InputOutcome, null>,
        color: null,
        key: directionKey(ctx, binding, named, d),
        group: "direction",
      });
    }
    for (const c of ["undo", "redo", "reset", "hint"] as const) {
      buttons.push({
        id: `command:${c}`,
        label: humanize(c),
        outcome: command(c) as Exclude<InputOutcome, null>,
        color: null,
        key: commandKey(ctx, c),
        group: "command",
      });
    }
    const keys: { key: string; does: string }[] = [];
    if (b.cardinal) {
      const wasd = Object.keys(WASD).filter((k) => !packKey(ctx, k));
      const names = ["Arrow keys", ...(wasd.length === 4 ? ["W A S D"] : [])];
      keys.push({ key: names.join(" / "), does: describe(ctx, b.cardinal) });
    }
    if (b.diagonal) {
      const letters = ["q", "e", "z", "c"].filter((k) => !packKey(ctx, k));
      const names = [...(letters.length === 4 ? ["Q E Z C"] : []), "Numpad 7 9 1 3"];
      const same = b.cardinal?.action === b.diagonal.action;
      keys.push({ key: names.join(" / "), does: `${describe(ctx, b.diagonal)}${same ? " diagonally" : ""}` });
    }
    for (const { key, binding } of b.keys) keys.push({ key: keyLabel(key), does: describe(ctx, binding) });
    for (const c of ["undo", "redo", "reset", "hint"] as const) {
      const key = commandKey(ctx, c);
      if (key) keys.push({ key, does: humanize(c) });
    }
    keys.push({ key: "Ctrl+Z", does: "Undo" }, { key: "Ctrl+Shift+Z / Ctrl+Y", does: "Redo" });
    return {
      swipeCardinal: b.cardinal !== null,
      swipeDiagonal: b.diagonal !== null,
      tapCell: b.tap !== null || needsSelection(ctx),
      buttons,
      keys,
    };
  });
}
