import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFORMANCE, run, tempDir } from "./helpers.js";

const PACKS = join(CONFORMANCE, "packs");
const TRACES = join(CONFORMANCE, "traces");

describe("gridponder conformance", () => {
  it("passes every level of the conformance corpus", { timeout: 300_000 }, async () => {
    const { code, stdout } = await run(["conformance", PACKS, TRACES]);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.at(-1)).toBe("104 passed, 0 failed");
    expect(lines).toHaveLength(105);
    expect(lines[0]).toMatch(/^ok {3}\S+\/\S+: \d+\/\d+ runs match$/);
    expect(code).toBe(0);
  });

  it("reports levels as JSON with --json", { timeout: 300_000 }, async () => {
    const { code, stdout } = await run(["conformance", PACKS, TRACES, "--json"]);
    const report = JSON.parse(stdout);
    expect(report.passed).toBe(104);
    expect(report.failed).toBe(0);
    expect(report.levels).toHaveLength(104);
    expect(code).toBe(0);
  });

  it("exits 1 when a level fails, and prints the failure", async () => {
    // carrot_quest's traces replayed against a packs folder that lacks carrot_quest: every level fails.
    const { dir, cleanup } = await tempDir();
    try {
      await mkdir(join(dir, "packs"));
      await mkdir(join(dir, "traces"));
      await symlink(join(TRACES, "carrot_quest"), join(dir, "traces", "carrot_quest"));
      const { code, stdout } = await run(["conformance", join(dir, "packs"), join(dir, "traces")]);
      expect(code).toBe(1);
      expect(stdout).toMatch(
        /^FAIL carrot_quest\/fw_001: 0\/4 runs match\n {2}\*: error differs after loading\n/m,
      );
      expect(stdout).toMatch(/\n0 passed, [1-9]\d* failed\n$/);
    } finally {
      await cleanup();
    }
  });

  it("exits 2 when a folder is missing", async () => {
    const { code, stderr } = await run(["conformance", "/no/packs", TRACES]);
    expect(code).toBe(2);
    expect(stderr).toBe("gridponder: no such packs folder: /no/packs\n");
  });
});
