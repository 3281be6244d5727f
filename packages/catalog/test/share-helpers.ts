/**
 * Packs for the share-link, progress and hostile-text browser tests: Lantern Cellar as it is; a copy of
 * it with the same `gameId` whose second level is a 40×40 open floor (a board where long replays are
 * costly); and a copy whose every text a page shows is hostile.
 */
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OWN_PACKS } from "./site-helpers.ts";

/** The level whose board the wide pack makes 40×40. */
export const WIDE_LEVEL = "lc02_storeroom";
export const WIDE_SIZE = 40;

/** Text that runs script wherever a page inserts it as HTML or as a template. */
export const HOSTILE = {
  title: `<img src=x onerror=alert(1)>`,
  short: `</script><script>alert(2)</script>{{constructor.constructor('alert(3)')()}}`,
  description: `[click me](javascript:alert(4)) <a href="javascript:alert(5)">link</a>\n\n{{7*7}} \${alert(6)}`,
  story: `</script><img src=x onerror=alert(7)>`,
  level: `"><svg onload=alert(8)>`,
  goal: `<img src=x onerror=alert(9)>`,
  author: `<iframe src="javascript:alert(10)"></iframe>`,
};

type Json = Record<string, unknown>;

async function editJson(file: string, edit: (value: Json) => void): Promise<void> {
  const value = JSON.parse(await readFile(file, "utf8")) as Json;
  edit(value);
  await writeFile(file, JSON.stringify(value, null, 2));
}

/** A packs folder with `lantern-cellar`, `lantern-wide` (same gameId, a 40×40 level) and `hostile`. */
export async function makeSharePacks(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "gridponder-share-packs-"));
  const original = join(OWN_PACKS, "lantern-cellar");
  await cp(original, join(dir, "lantern-cellar"), { recursive: true });

  const wide = join(dir, "lantern-wide");
  await cp(original, wide, { recursive: true });
  await editJson(join(wide, "manifest.json"), (m) => {
    m.title = "Lantern Cellar, wide";
  });
  await editJson(join(wide, "levels", `${WIDE_LEVEL}.json`), (level) => {
    const n = WIDE_SIZE;
    const objects: (string | null)[][] = Array.from({ length: n }, () => Array<string | null>(n).fill(null));
    (objects[n - 1] as (string | null)[])[n - 1] = "lantern";
    level.board = { size: [n, n], layers: { objects } };
    (level.state as { avatar: { position: number[] } }).avatar.position = [0, 0];
    level.solution = {
      goldPath: [...Array(n - 1).fill("down"), ...Array(n - 1).fill("right")],
      hintStops: [],
    };
  });

  const hostile = join(dir, "hostile");
  await cp(original, hostile, { recursive: true });
  await editJson(join(hostile, "manifest.json"), (m) => {
    m.gameId = "dev.gridponder.hostile-text";
    m.title = HOSTILE.title;
    m.shortDescription = HOSTILE.short;
    m.description = HOSTILE.description;
    m.author = HOSTILE.author;
    m.license = HOSTILE.author;
  });
  await editJson(join(hostile, "game.json"), (g) => {
    for (const entry of g.levelSequence as Json[])
      if (entry.type === "story") {
        entry.title = HOSTILE.story;
        entry.text = HOSTILE.story;
      }
  });
  for (const id of ["lc01_bottom_step", "lc02_storeroom"])
    await editJson(join(hostile, "levels", `${id}.json`), (level) => {
      level.title = HOSTILE.level;
      for (const goal of level.goals as { display?: { text?: string } }[])
        goal.display = { ...goal.display, text: HOSTILE.goal };
    });
  return dir;
}
