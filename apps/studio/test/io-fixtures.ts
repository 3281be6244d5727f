import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PackFiles } from "@gridponder/schema";
import { readPackFolder } from "@gridponder/schema/node";

/** The repository's packs/ folder. */
export const PACKS_DIR = fileURLToPath(new URL("../../../packs/", import.meta.url));

/** The folder names of every pack in packs/. */
export const PACK_NAMES: readonly string[] = readdirSync(PACKS_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

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
