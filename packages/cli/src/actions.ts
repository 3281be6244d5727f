import type { GameAction } from "@gridponder/engine";
import {
  expandGoldPathStep,
  findTooDeep,
  type GoldPathAction,
  type JsonValue,
  type LevelDefinition,
  MAX_NESTING,
} from "@gridponder/schema";
import { InputError } from "./errors.js";

/** An action in its object form, as traces and `--json` output write it. */
export type ActionObject = Extract<GameAction, object>;

/**
 * Reads an action from the command line: `up`/`down`/`left`/`right` (moves), a bare action id, or a
 * JSON object such as `{"action":"tap_cell","position":[1,2]}`.
 */
export function parseActionArg(text: string): ActionObject {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) {
    if (trimmed === "") throw new InputError("an action cannot be empty");
    return expandGoldPathStep(trimmed);
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    throw new InputError(
      `invalid JSON action ${abbreviated(text)}: ${error instanceof Error ? error.message : error}`,
    );
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new InputError(`invalid action ${abbreviated(text)}: expected a JSON object`);
  }
  // The engine compares and copies actions recursively: one nested deeper than pack files may be
  // (the schema's limit) could overflow the stack.
  const deep = findTooDeep(value);
  if (deep !== undefined) {
    throw new InputError(
      `invalid action ${abbreviated(trimmed)}: ${abbreviated(deep)} is nested more than ${MAX_NESTING} levels deep`,
    );
  }
  if (typeof (value as { action?: unknown }).action !== "string") {
    throw new InputError(`invalid action ${abbreviated(text)}: "action" must be a string (the action id)`);
  }
  return value as GoldPathAction;
}

/** A long argument cut to its start, for a message that quotes it. */
function abbreviated(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** The level's gold path with every shorthand expanded. */
export function goldPathOf(level: LevelDefinition): ActionObject[] {
  return level.solution.goldPath.map(expandGoldPathStep);
}

/** The level's gold path expanded one step at a time, so a long one is never held twice. */
export function* goldPathSteps(level: LevelDefinition): Generator<ActionObject> {
  for (const step of level.solution.goldPath) yield expandGoldPathStep(step);
}

function formatParam(value: JsonValue): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A short readable form: `move up`, `flood_red`, `tap_cell [1,2]`. */
export function describeAction(action: GameAction): string {
  const { action: id, ...params } = typeof action === "string" ? expandGoldPathStep(action) : action;
  const values = Object.values(params as Record<string, JsonValue>).map(formatParam);
  return [id, ...values].join(" ");
}
