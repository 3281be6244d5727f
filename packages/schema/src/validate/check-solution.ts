import type { GoldPathAction, GoldPathStep, LevelDefinition } from "../types/level.js";
import type { GameIndex, ParsedFile, Reporter } from "./context.js";
import { pointerOf } from "./diagnostics.js";
import { didYouMean, quote } from "./suggest.js";

const CARDINALS = new Set(["up", "down", "left", "right"]);

/**
 * Expands a gold-path step to its object form: `"up"` → `{ action: "move", direction: "up" }`,
 * any other string → `{ action: s }`.
 */
export function expandGoldPathStep(step: GoldPathStep): GoldPathAction {
  if (typeof step !== "string") return step;
  return CARDINALS.has(step) ? { action: "move", direction: step } : { action: step };
}

/**
 * What a gold-path step may name: an action id, and for a string step also a direction, the shorthand
 * for "move" (so `"rigth"` is told about `"right"`, the step its author meant).
 */
function stepNames(step: GoldPathStep, index: GameIndex): string[] {
  const ids = [...index.actions.keys()];
  return typeof step === "string" && index.actions.has("move") ? [...ids, ...CARDINALS] : ids;
}

/** Checks the gold path's actions and params against the game's actions, and the hint stops against the path. */
export function checkSolution(file: ParsedFile<LevelDefinition>, index: GameIndex, report: Reporter): void {
  const { goldPath, hintStops } = file.value.solution;
  const [width, height] = file.value.board.size;
  const path = file.path;
  goldPath.forEach((step, i) => {
    const at = pointerOf("solution", "goldPath", i);
    const { action: id, ...params } = expandGoldPathStep(step);
    const action = index.actions.get(id);
    if (!action) {
      const shorthand =
        typeof step === "string" && CARDINALS.has(step)
          ? ` (the shorthand ${quote(step)} stands for the action "move")`
          : "";
      report.error(
        path,
        typeof step === "string" ? at : `${at}/action`,
        "gold-path-action",
        `unknown action ${quote(id)}${shorthand}${didYouMean(id, stepNames(step, index))}`,
      );
      return;
    }
    for (const [name, def] of Object.entries(action.params ?? {})) {
      const value = Object.hasOwn(params, name) ? params[name] : undefined;
      const where = typeof step === "string" ? at : at + pointerOf(name);
      if (value === undefined) {
        report.error(path, at, "gold-path-param", `action ${quote(id)} needs the param ${quote(name)}`);
        continue;
      }
      let problem: string | undefined;
      switch (def.type) {
        case "direction":
        case "enum":
          if (!(def.values as readonly unknown[]).includes(value)) {
            problem = `${quote(value)} is not one of ${def.values.map((v) => quote(v)).join(", ")}`;
          }
          break;
        case "position":
          if (!Array.isArray(value) || value.length !== 2 || !value.every((n) => Number.isInteger(n))) {
            problem = `expected a position [x, y], found ${quote(value)}`;
          } else if (
            (value[0] as number) < 0 ||
            (value[1] as number) < 0 ||
            (value[0] as number) >= width ||
            (value[1] as number) >= height
          ) {
            problem = `position ${quote(value)} is outside the ${width}×${height} board`;
          }
          break;
        case "integer":
          if (!Number.isInteger(value)) problem = `expected an integer, found ${quote(value)}`;
          break;
      }
      if (problem)
        report.error(path, where, "gold-path-param", `param ${quote(name)} of ${quote(id)}: ${problem}`);
    }
    for (const name of Object.keys(params)) {
      if (!Object.hasOwn(action.params ?? {}, name)) {
        report.error(
          path,
          at + pointerOf(name),
          "gold-path-param",
          `action ${quote(id)} has no param ${quote(name)}`,
        );
      }
    }
  });

  (hintStops ?? []).forEach((stop, i) => {
    const at = pointerOf("solution", "hintStops", i);
    const previous = hintStops?.[i - 1];
    if (previous !== undefined && stop <= previous) {
      report.error(
        path,
        at,
        "hint-stops",
        `hint stops must be strictly increasing: ${stop} follows ${previous}`,
      );
    }
    if (stop > goldPath.length) {
      report.error(
        path,
        at,
        "hint-stops",
        `hint stop ${stop} is beyond the gold path, which has ${goldPath.length} actions`,
      );
    }
  });
}
