/** Shared by the model tests: the games and levels of the repository's packs/, and refused edits. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { GameDefinition, LevelDefinition } from "@gridponder/schema";
import { expect } from "vitest";
import { EditError } from "../src/model/edit-error.js";
import { PACK_NAMES, PACKS_DIR } from "./io-fixtures.js";

export { PACK_NAMES, PACKS_DIR };

/** A file of packs/ by its path there, like `crate-keep/game.json`. */
export function packText(path: string): string {
  return readFileSync(join(PACKS_DIR, path), "utf8");
}

/** A JSON file of packs/, parsed afresh on every call. */
export function packJson<T>(path: string): T {
  return JSON.parse(packText(path)) as T;
}

/** The paths of a pack's level files, like `crate-keep/levels/ck01_shoulder_to_it.json`. */
export function levelPaths(pack: string): string[] {
  return readdirSync(join(PACKS_DIR, pack, "levels")).map((file) => `${pack}/levels/${file}`);
}

/** Crate Keep's game and its first level, the board most model tests edit: a new copy on every call. */
export function crateKeep(): { game: GameDefinition; ck01: LevelDefinition } {
  return {
    game: packJson<GameDefinition>("crate-keep/game.json"),
    ck01: packJson<LevelDefinition>("crate-keep/levels/ck01_shoulder_to_it.json"),
  };
}

/** Deep-freezes a value so that any mutation of an edit's input throws. */
export function frozen<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const key of Object.keys(value)) frozen((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/** Runs an edit that must be refused with an {@link EditError} of `code` whose message matches. */
export function expectEditError(run: () => unknown, code: string, message: RegExp): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(EditError);
  expect((caught as EditError).code).toBe(code);
  expect((caught as EditError).message).toMatch(message);
}
