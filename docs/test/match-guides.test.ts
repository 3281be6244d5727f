/**
 * The guides to the match format quote the example games. Every JSON block in them is copied from a
 * file of a match pack in packs/ as it is written there: its lines are the file's lines (indentation
 * and a trailing comma aside), and its value is the file's value at that place, whole or as some
 * fields of an object. So a guide cannot show a rule the games no longer have. The built site lists
 * the guides (`pnpm build` runs before the tests).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { loadMatchGames, MATCH_PACKS } from "../scripts/generate.mjs";

const GUIDES = join(import.meta.dirname, "../src/content/docs/guides");
const DIST = join(import.meta.dirname, "../dist");
const MATCH_GUIDES = [
  "board-and-card-games",
  "seats-and-turns",
  "zones-and-visibility",
  "randomness",
  "chained-moves",
];

/** The JSON blocks of a Markdown page, with the line each starts on. */
function jsonBlocks(markdown: string): { line: number; text: string }[] {
  const blocks: { line: number; text: string }[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)/.exec(lines[i] as string);
    if (!open) continue;
    const end = lines.indexOf("```", i + 1);
    expect(end, `code block at line ${i + 1} is closed`).toBeGreaterThan(i);
    if (open[1] === "json") blocks.push({ line: i + 1, text: lines.slice(i + 1, end).join("\n") });
    i = end;
  }
  return blocks;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every value inside a JSON value, itself included. */
function* values(value: Json): Generator<Json> {
  yield value;
  if (Array.isArray(value)) for (const v of value) yield* values(v);
  else if (value !== null && typeof value === "object")
    for (const v of Object.values(value)) yield* values(v);
}

/** A line as it compares: without its indentation or a trailing comma. */
const bare = (line: string) => line.trim().replace(/,$/, "");

/** Whether `part`'s lines appear one after another among `whole`'s. */
function hasLines(whole: string, part: string): boolean {
  const lines = whole.split("\n").map(bare);
  const wanted = part.split("\n").map(bare);
  for (let i = 0; i + wanted.length <= lines.length; i++)
    if (wanted.every((line, k) => lines[i + k] === line)) return true;
  return false;
}

/** The JSON files of the match packs: path (as `packs/<pack>/<file>`), text and value. */
function packFiles(): { path: string; text: string; value: Json }[] {
  const files = [];
  for (const game of loadMatchGames() as { name: string }[]) {
    for (const file of readdirSync(join(MATCH_PACKS, game.name)).filter((f) => f.endsWith(".json"))) {
      const text = readFileSync(join(MATCH_PACKS, game.name, file), "utf8");
      files.push({ path: `packs/${game.name}/${file}`, text, value: JSON.parse(text) as Json });
    }
  }
  return files;
}

describe("the match format's guides", () => {
  const files = packFiles();

  it("read at least the four example games", () => {
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining(
        ["checkers", "chess", "eights", "tic-tac-toe"].map((g) => `packs/${g}/game.json`),
      ),
    );
  });

  it.each(MATCH_GUIDES)("%s quotes the example games exactly", (guide) => {
    const markdown = readFileSync(join(GUIDES, `${guide}.md`), "utf8");
    const blocks = jsonBlocks(markdown);
    expect(blocks.length, `${guide} quotes the games`).toBeGreaterThan(0);
    const unquoted: string[] = [];
    for (const block of blocks) {
      // A block that is not a whole value holds fields of an object: `"seats": { … }`.
      const fields = !/^[[{]/.test(block.text.trim());
      const value = JSON.parse(fields ? `{${block.text}}` : block.text) as Json;
      const matches = (v: Json) =>
        fields
          ? v !== null &&
            typeof v === "object" &&
            !Array.isArray(v) &&
            Object.entries(value as Record<string, Json>).every(([k, x]) => isDeepStrictEqual(v[k], x))
          : isDeepStrictEqual(v, value);
      const source = files.find((f) => hasLines(f.text, block.text) && [...values(f.value)].some(matches));
      if (source === undefined) unquoted.push(`${guide}.md:${block.line}`);
    }
    expect(unquoted, "JSON blocks not found as written in any match pack").toEqual([]);
  });

  it.each(MATCH_GUIDES)("%s links to the match format's reference", (guide) => {
    expect(readFileSync(join(GUIDES, `${guide}.md`), "utf8")).toContain("](/reference/match/");
  });

  it("are pages of the site, and the overview links to the other four", () => {
    for (const guide of MATCH_GUIDES)
      expect(existsSync(join(DIST, "guides", guide, "index.html"))).toBe(true);
    const overview = readFileSync(join(DIST, "guides/board-and-card-games/index.html"), "utf8");
    for (const guide of MATCH_GUIDES.slice(1)) expect(overview).toContain(`href="/guides/${guide}/"`);
  });
});
