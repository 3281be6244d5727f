import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusFound, corpusLocation, DEFAULT_CORPUS, REPO_ROOT, runningInCI } from "../src/location.js";

const FIXTURE = join(import.meta.dirname, "fixture-package");
const VITEST = join(import.meta.dirname, "../node_modules/vitest/vitest.mjs");

let fakeCorpus: string;
beforeAll(async () => {
  fakeCorpus = await mkdtemp(join(tmpdir(), "gridponder-corpus-"));
  await mkdir(join(fakeCorpus, "packs"));
  await mkdir(join(fakeCorpus, "traces"));
});
afterAll(() => rm(fakeCorpus, { recursive: true, force: true }));

/** Runs vitest on the fixture package with the given corpus setting and CI flag. */
async function runFixture(corpus: string, ci: string) {
  const env = { ...process.env, GRIDPONDER_CONFORMANCE: corpus, CI: ci, NO_COLOR: "1" };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [VITEST, "run"], {
      cwd: FIXTURE,
      env,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe("where the corpus is", () => {
  it("is ../shared/conformance beside the repository unless GRIDPONDER_CONFORMANCE names a folder", () => {
    expect(corpusLocation({})).toBe(resolve(REPO_ROOT, DEFAULT_CORPUS));
    expect(corpusLocation({ GRIDPONDER_CONFORMANCE: " " })).toBe(resolve(REPO_ROOT, DEFAULT_CORPUS));
    expect(corpusLocation({ GRIDPONDER_CONFORMANCE: "/data/corpus" })).toBe(resolve("/data/corpus"));
    // A relative setting means the same folder from whichever package's tests read it.
    expect(corpusLocation({ GRIDPONDER_CONFORMANCE: "corpus" })).toBe(join(REPO_ROOT, "corpus"));
  });

  it("counts a folder as the corpus only with its packs and traces", async () => {
    expect(corpusFound(fakeCorpus)).toBe(true);
    expect(corpusFound(join(fakeCorpus, "packs"))).toBe(false);
  });

  it("takes CI to be set unless it is empty, false or 0", () => {
    expect(runningInCI({ CI: "true" })).toBe(true);
    expect(runningInCI({ CI: "1" })).toBe(true);
    for (const off of [undefined, "", "false", "FALSE", "0"]) expect(runningInCI({ CI: off })).toBe(false);
  });
});

describe("a package's tests without the corpus", { timeout: 120_000 }, () => {
  it("run the rest, pass, and end by naming the corpus files left out and how to get the corpus", async () => {
    const { code, output } = await runFixture("/nonexistent/corpus", "");
    expect(code).toBe(0);
    expect(output).toContain("1 passed");
    expect(output).not.toContain("reads the corpus");
    expect(output).toContain("Conformance suites not run (1 test files need the corpus):");
    expect(output).toContain("test/reads-corpus.conformance.test.ts");
    expect(output).toContain("The conformance corpus is not at /nonexistent/corpus.");
    expect(output).toContain("set GRIDPONDER_CONFORMANCE to its folder");
  });

  it("fail under CI, with the same message, rather than skip them", async () => {
    const { code, output } = await runFixture("/nonexistent/corpus", "true");
    expect(code).not.toBe(0);
    expect(output).toContain("The conformance corpus is not at /nonexistent/corpus.");
    expect(output).toContain(
      "Under CI the conformance suites must run: test/reads-corpus.conformance.test.ts.",
    );
  });

  it("run every file, corpus files too, where the corpus is", async () => {
    const { code, output } = await runFixture(fakeCorpus, "true");
    expect(code).toBe(0);
    expect(output).toContain("2 passed");
    expect(output).not.toContain("Conformance suites not run");
  });
});
