import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { puzzlePackNames } from "@gridponder/conformance-corpus/packs";
import type { PackFiles } from "@gridponder/schema";
import { readPackFolder } from "@gridponder/schema/node";

/** The repository's packs/ folder. */
export const PACKS_DIR = fileURLToPath(new URL("../../../packs/", import.meta.url));

/** The folder names of every puzzle pack in packs/ (the studio edits puzzle packs, not match packs). */
export const PACK_NAMES: readonly string[] = puzzlePackNames(PACKS_DIR);

export function packDir(name: string): string {
  return join(PACKS_DIR, name);
}

export function readPack(name: string): Promise<PackFiles> {
  return readPackFolder(packDir(name));
}

/** A small valid-looking pack with one asset, for tests that need no real game. */
export function tinyPack(): PackFiles {
  return {
    "manifest.json": '{ "title": "Tiny <script>alert(1)</script>" }\n',
    "game.json": '{ "levelSequence": [] }\n',
    "levels/a.json": '{ "id": "a" }\n',
    "assets/sprites/wall.svg": new Uint8Array([60, 115, 118, 103, 62]),
  };
}
