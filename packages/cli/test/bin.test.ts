import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  arrowKeys,
  BIN,
  copyBrokenFixture,
  execBin,
  LANTERN_CELLAR,
  runBin,
  STACK_FRAME,
  tempDir,
} from "./helpers.js";

// These run the built dist/bin.js, as a user would: `pnpm build` (turbo's test dependency) makes it.
describe("the gridponder binary", () => {
  it("starts with a node shebang", async () => {
    expect((await readFile(BIN, "utf8")).split("\n")[0]).toBe("#!/usr/bin/env node");
  });

  it("plays a gold path written to its stdin and reports the win", async () => {
    const level = JSON.parse(await readFile(join(LANTERN_CELLAR, "levels/lc02_storeroom.json"), "utf8"));
    const moves = level.solution.goldPath.map((s: string | { direction: string }) =>
      typeof s === "string" ? s : s.direction,
    );
    const { code, stdout, stderr } = await runBin(
      ["play", LANTERN_CELLAR, "lc02_storeroom"],
      arrowKeys(moves),
    );
    expect(stderr).toBe("");
    expect(stdout).toContain("Level solved in 12 moves!");
    expect(stdout).not.toContain("\u001b[");
    expect(code).toBe(0);
  });

  it("validates lantern-cellar with exit code 0", async () => {
    const { code, stdout } = await execBin(["validate", LANTERN_CELLAR]);
    expect(stdout).toContain("1 pack, 0 errors, 0 warnings");
    expect(code).toBe(0);
  });

  it("exits 2 on a broken pack without a stack trace", async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const pack = await copyBrokenFixture("level-json-trailing-comma", dir);
      const { code, stdout, stderr } = await execBin(["validate", pack]);
      expect(code).toBe(2);
      expect(stdout).toContain("error: invalid JSON");
      expect(`${stdout}${stderr}`).not.toMatch(STACK_FRAME);
    } finally {
      await cleanup();
    }
  });

  it("exits 2 on a usage error", async () => {
    const { code, stdout, stderr } = await execBin(["validate"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("missing required argument 'paths'");
  });
});
