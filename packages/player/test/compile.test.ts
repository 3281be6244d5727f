import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { OWN_PACKS, SEARCH_PATHS } from "@gridponder/test-corpus";
import { describe, expect, it } from "vitest";
import { compilePackForWeb, isPublishablePath } from "../src/node.js";
import { useTempDir } from "./helpers.js";

const temp = useTempDir("gridponder-compile-");

describe("compilePackForWeb", () => {
  it("refuses a pack whose gold path no longer wins", async () => {
    const dir = join(temp.path, "broken-gold");
    await cp(join(OWN_PACKS, "lantern-cellar"), dir, { recursive: true });
    const target = await firstLevelFile(dir);
    const def = JSON.parse(await readFile(target, "utf8"));
    def.solution.goldPath = def.solution.goldPath.slice(0, -1);
    def.solution.hintStops = [];
    await writeFile(target, JSON.stringify(def));
    const result = await compilePackForWeb(dir, { searchPaths: SEARCH_PATHS });
    expect(result.ok).toBe(false);
    const gold = result.diagnostics.filter((d) => d.code === "gold-path");
    expect(gold).toHaveLength(1);
    expect(gold[0]?.file).toBe(`levels/${def.id}.json`);
    expect(gold[0]?.message).toMatch(/does not win|loses/);
  });
});

describe("isPublishablePath", () => {
  it.each([
    ["assets/sprites/a.png", true],
    ["sprites/tiles/box_6.PNG", true],
    ["../a.png", false],
    ["assets/../../a.png", false],
    ["/etc/a.png", false],
    ["C:/a.png", false],
    ["https://x.test/a.png", false],
    ["assets\\a.png", false],
    ["assets/.hidden.png", false],
    ["assets/a.json", false],
    ["assets//a.png", false],
    ["", false],
  ])("%s → %s", (path, ok) => {
    expect(isPublishablePath(path)).toBe(ok);
  });
});

async function firstLevelFile(dir: string): Promise<string> {
  const name = (await readdir(join(dir, "levels"))).sort()[0];
  return join(dir, "levels", name ?? "");
}
