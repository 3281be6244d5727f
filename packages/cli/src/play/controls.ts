import type { Pack } from "@gridponder/engine";
import type { ActionDefinition, JsonValue } from "@gridponder/schema";
import type { ActionObject } from "../actions.js";
import { inlineText } from "../terminal-text.js";

/** A key that plays one of the game's actions (other than the arrow-key move). */
export interface ActionBinding {
  key: string;
  label: string;
  /** The action with every param but the position filled in. */
  action: ActionObject;
  /** The param that takes the cursor position; such a binding selects the action for Enter/space. */
  positionParam: string | null;
}

/** The action arrows and WASD play. */
export interface MoveControl {
  id: string;
  directionParam: string;
  /** Set when the move also needs a cell (sliding blocks): the cursor picks it. */
  positionParam: string | null;
  directions: ReadonlySet<string>;
}

/** How the keyboard maps onto a game's actions. */
export interface Controls {
  move: MoveControl | null;
  bindings: ActionBinding[];
  /** Whether some action takes a position, so the board shows a cursor. */
  usesCursor: boolean;
}

// Digits first, then letters the player does not already use (WASD, u, r, h, q, t).
const ACTION_KEYS = [..."1234567890bcefgijklmnopvxyz"];
const CARDINALS = ["up", "down", "left", "right"];

type Params = NonNullable<ActionDefinition["params"]>;

function positionParamOf(params: Params): string | null {
  return Object.entries(params).find(([, spec]) => spec.type === "position")?.[0] ?? null;
}

function moveControlOf(def: ActionDefinition | undefined): MoveControl | null {
  if (!def) return null;
  const params = def.params ?? {};
  const entries = Object.entries(params);
  const direction = entries.find(
    ([, spec]) => spec.type === "direction" && spec.values.some((v) => CARDINALS.includes(v)),
  );
  if (!direction) return null;
  const positionParam = positionParamOf(params);
  const others = entries.filter(([name]) => name !== direction[0] && name !== positionParam);
  if (others.length > 0) return null;
  const spec = direction[1];
  return {
    id: def.id,
    directionParam: direction[0],
    positionParam,
    directions: new Set(spec.type === "direction" ? spec.values : []),
  };
}

/**
 * Every combination of an action's direction and enum params; the position param is left to the
 * cursor. `null` when a param has no finite list of values (integers), so no key can stand for it.
 */
function combinations(def: ActionDefinition): Record<string, JsonValue>[] | null {
  let combos: Record<string, JsonValue>[] = [{}];
  for (const [name, spec] of Object.entries(def.params ?? {})) {
    if (spec.type === "position") continue;
    if (spec.type === "integer") return null;
    const values: readonly JsonValue[] = spec.values;
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
  }
  return combos;
}

export function controlsOf(pack: Pack): Controls {
  const move = moveControlOf(pack.game.actions.find((a) => a.id === "move"));
  const bindings: ActionBinding[] = [];
  let usesCursor = move?.positionParam != null;
  const keys = ACTION_KEYS[Symbol.iterator]();
  for (const def of pack.game.actions) {
    if (move && def.id === move.id) continue;
    const positionParam = positionParamOf(def.params ?? {});
    if (positionParam) usesCursor = true;
    for (const params of combinations(def) ?? []) {
      const key = keys.next();
      if (key.done) break;
      const values = Object.values(params).map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
      bindings.push({
        key: key.value,
        // Shown on screen and in messages: the pack's text, escaped once here.
        label: inlineText([def.label ?? def.id, ...values].join(" ")),
        action: { action: def.id, ...params },
        positionParam,
      });
    }
  }
  return { move, bindings, usesCursor };
}
