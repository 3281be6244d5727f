// Test helper: the match packs of the repository (packs/), compiled for a number of seats.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type CompiledGame,
  type CompiledSetup,
  compileGame,
  type MatchGame,
  MatchRuntime,
  MatchSession,
  type Setup,
} from "../src/index.js";

export const MATCH_PACKS = join(import.meta.dirname, "../../../packs");

export function gameOf(pack: string): MatchGame {
  return JSON.parse(readFileSync(join(MATCH_PACKS, pack, "game.json"), "utf8")) as MatchGame;
}

export function compiled(
  pack: string,
  seats?: number,
  setup?: Setup,
): { game: CompiledGame; setup: CompiledSetup } {
  const game = gameOf(pack);
  const result = compileGame(game, seats ?? game.seats.min, setup ?? game.setup);
  if (!result.ok) throw new Error(`${pack} does not compile: ${JSON.stringify(result.errors, null, 1)}`);
  return { game: result.game, setup: result.setup };
}

export function runtimeOf(
  pack: string,
  options: { seats?: number; setup?: Setup; seed?: number } = {},
): MatchRuntime {
  const c = compiled(pack, options.seats, options.setup);
  return MatchRuntime.start(c.game, c.setup, options.seed ?? 1);
}

export function sessionOf(
  pack: string,
  options: { seats?: number; setup?: Setup; seed?: number } = {},
): MatchSession {
  const c = compiled(pack, options.seats, options.setup);
  return new MatchSession(c.game, c.setup, { seed: options.seed ?? 1 });
}
