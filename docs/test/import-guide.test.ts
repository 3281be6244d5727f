/**
 * The guide "Bring games from other formats" maps each source language's constructs to the match
 * format. Every construct an importer reads is named in it, so the tables cannot fall behind the
 * importers, and the completed chess it quotes is the one the tests import. The built site has the page
 * (`pnpm build` runs before the tests).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { IMPORT_CONSTRUCTS } from "@gridponder/import";
import { describe, expect, it } from "vitest";

const GUIDE = readFileSync(
  join(import.meta.dirname, "../src/content/docs/guides/bring-games-from-other-formats.md"),
  "utf8",
);
const FIXTURES = join(import.meta.dirname, "../../packages/import/fixtures");

/** Whether the guide writes `name` as a word inside a code span. */
const named = (name: string) =>
  [...GUIDE.matchAll(/`([^`\n]+)`/g)].some((m) =>
    new RegExp(`(^|[^\\w])${name}([^\\w]|$)`).test(m[1] as string),
  );

describe("the guide to importing games", () => {
  it.each(
    Object.entries(IMPORT_CONSTRUCTS).flatMap(([language, kinds]) =>
      Object.entries(kinds).flatMap(([kind, names]) =>
        (names as readonly string[]).map((n) => [language, kind, n]),
      ),
    ),
  )("names the %s %s %s", (_language, _kind, name) => {
    expect(named(name)).toBe(true);
  });

  it("quotes the completed chess's rook exactly as the fixture writes it", () => {
    const block = /```text\n("rook_move": \{[\s\S]*?\n\})\n```/.exec(GUIDE)?.[1];
    expect(block).toBeDefined();
    const quoted = JSON.parse(`{${block}}`).rook_move;
    const chess = JSON.parse(readFileSync(join(FIXTURES, "sdgdl/chess.json"), "utf8"));
    expect(quoted).toEqual(chess.interactions.list.rook_move);
  });

  it("is a page of the built site", () => {
    expect(
      existsSync(join(import.meta.dirname, "../dist/guides/bring-games-from-other-formats/index.html")),
    ).toBe(true);
  });
});
