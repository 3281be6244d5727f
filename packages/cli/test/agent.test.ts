import { spawn, spawnSync } from "node:child_process";
import { access, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { BASELINES, OBSERVATION_FORMS } from "@gridponder/agent";
import { decodeActions } from "@gridponder/catalog/share-code";
import { Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { expandGoldPathStep } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import { BUILT_IN_AGENT_NAMES, OBSERVATION_FORM_NAMES } from "../src/agent-module.js";
import { BIN, LANTERN_CELLAR, REPO, run, tempDir } from "./helpers.js";

/** The Python client the "Agents and benchmarks" guide shows, run where python3 is installed. */
const PYTHON_CLIENT = join(REPO, "docs/src/snippets/agent_client.py");
const python = spawnSync("python3", ["--version"]).status === 0;

const GOLD = JSON.parse(await readFile(join(LANTERN_CELLAR, "levels/lc01_bottom_step.json"), "utf8")).solution
  .goldPath as unknown[];

const lines = (requests: unknown[]) =>
  requests.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n");

describe("the agent options", () => {
  it("offer the agent package's observation forms and built-in agents, named without loading it", () => {
    expect([...OBSERVATION_FORM_NAMES]).toEqual([...OBSERVATION_FORMS]);
    expect([...BUILT_IN_AGENT_NAMES]).toEqual(Object.keys(BASELINES));
  });
});

describe("gridponder agent serve", () => {
  it("answers each request line with one response line, and plays a level to a win", async () => {
    const requests = [
      { type: "start", id: "s" },
      ...GOLD.map((step, i) => ({ type: "act", id: i, action: expandGoldPathStep(step as never) })),
    ];
    const { code, stdout, stderr } = await run(["agent", "serve", LANTERN_CELLAR], {
      stdin: `${lines(requests)}\n`,
    });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const responses = stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(responses).toHaveLength(requests.length);
    expect(responses.map((r) => r.id)).toEqual(requests.map((r) => r.id));
    expect(responses.at(-1)).toMatchObject({ type: "act", outcome: "accepted", status: "won" });
  });

  it("keeps serving after lines that are not requests, and starts on the level asked for", async () => {
    const input = ["}{", "", '{"type":"teleport"}', '{"type":"observe","form":"json"}'].join("\n");
    const { code, stdout } = await run(
      ["agent", "serve", LANTERN_CELLAR, "--level", "lc02_storeroom", "--observation", "json"],
      { stdin: input },
    );
    expect(code).toBe(0);
    const responses = stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    // The blank line is skipped.
    expect(responses.map((r) => r.type)).toEqual(["error", "error", "observe"]);
    expect(responses[0].error.code).toBe("invalid_json");
    expect(responses[1].error.code).toBe("unknown_request");
    expect(responses[2]).toMatchObject({ level: "lc02_storeroom", observation: { form: "json" } });
  });

  it("hides the pack's words behind aliases with --anonymise, and understands them back", async () => {
    const input = lines([{ type: "levels" }, { type: "start" }, { type: "legal_actions" }]);
    const { code, stdout } = await run(["agent", "serve", LANTERN_CELLAR, "--anonymise", "4"], {
      stdin: input,
    });
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/lantern|lc0\d|bottom_step|Brick|crate/i);
    const [levels, , legal] = stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(levels.levels.every((l: { id: string }) => /^L\d+$/.test(l.id))).toBe(true);
    const act = await run(["agent", "serve", LANTERN_CELLAR, "--anonymise", "4"], {
      stdin: lines([{ type: "act", action: legal.actions[1] }]),
    });
    expect(JSON.parse(act.stdout)).toMatchObject({ outcome: "accepted", moves: 1 });
    expect((await run(["agent", "serve", LANTERN_CELLAR, "--anonymise", "x"])).code).toBe(2);
  });

  it("refuses an unknown level or observation form before serving", async () => {
    const level = await run(["agent", "serve", LANTERN_CELLAR, "--level", "nope"]);
    expect(level.code).toBe(2);
    expect(level.stderr).toMatch(/unknown level "nope"/);
    const form = await run(["agent", "serve", LANTERN_CELLAR, "--observation", "png"]);
    expect(form.code).toBe(2);
  });

  it("writes the transcript to a new file, and never overwrites one", async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const file = join(dir, "run.jsonl");
      await run(["agent", "serve", LANTERN_CELLAR, "--transcript", file], {
        stdin: lines([
          { type: "levels" },
          { type: "act", action: "down", reason: "towards the gap" },
          "oops",
        ]),
      });
      const entries = (await readFile(file, "utf8"))
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(entries.map((e) => e.response.type)).toEqual(["levels", "act", "error"]);
      expect(entries[1].request).toEqual({ type: "act", action: "down", reason: "towards the gap" });
      await writeFile(file, "keep me");
      const again = await run(["agent", "serve", LANTERN_CELLAR, "--transcript", file], { stdin: "" });
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/EEXIST/);
      expect(await readFile(file, "utf8")).toBe("keep me");
    } finally {
      await cleanup();
    }
  });

  it("talks line by line with a program over a pipe, answering before its input ends", async () => {
    const child = spawn(process.execPath, [BIN, "agent", "serve", LANTERN_CELLAR], {
      env: { ...process.env, NO_COLOR: "1" },
    });
    const responses = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const ask = async (request: unknown) => {
      child.stdin.write(`${JSON.stringify(request)}\n`);
      const next = await responses.next();
      return JSON.parse(String(next.value));
    };
    try {
      expect(await ask({ type: "start" })).toMatchObject({ type: "start", status: "playing" });
      let last: { status?: string } = {};
      for (const step of GOLD) last = await ask({ type: "act", action: expandGoldPathStep(step as never) });
      expect(last).toMatchObject({ status: "won" });
      expect(await ask({ type: "act", action: "up" })).toMatchObject({ outcome: "refused" });
    } finally {
      child.stdin.end();
    }
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
  });

  it.runIf(python)(
    "is played to a shortest win by the Python client of the docs (standard library only)",
    async () => {
      const child = spawn("python3", [
        PYTHON_CLIENT,
        "lc01_bottom_step",
        process.execPath,
        BIN,
        "agent",
        "serve",
        LANTERN_CELLAR,
        "--observation",
        "json",
      ]);
      let out = "";
      let err = "";
      child.stdout.setEncoding("utf8").on("data", (t: string) => (out += t));
      child.stderr.setEncoding("utf8").on("data", (t: string) => (err += t));
      const code = await new Promise((resolve) => child.on("close", resolve));
      expect(err).toBe("");
      expect(code).toBe(0);
      // Breadth-first, so as short as the level's gold path (11 moves, proven optimal).
      expect(out.trim()).toBe("lc01_bottom_step: won in 11 moves");
    },
  );

  describe("agent run", () => {
    it("scores the optimal agent on a pack and writes the report and every attempt's transcript", async () => {
      const { dir, cleanup } = await tempDir();
      try {
        const out = join(dir, "run");
        const { code, stdout, stderr } = await run([
          "agent",
          "run",
          LANTERN_CELLAR,
          "--agent",
          "optimal",
          "--out",
          out,
        ]);
        expect(stderr).toBe("");
        expect(code).toBe(0);
        expect(stdout).toMatch(
          /^lantern-cellar: 8\/8 solved \(100\.0 %\), efficiency 1\.000, score 1\.000$/m,
        );
        const report = JSON.parse(await readFile(join(out, "report.json"), "utf8"));
        expect(report).toMatchObject({
          agent: "optimal",
          seed: 0,
          budgetFactor: 3,
          overall: { solveRate: 1, efficiency: 1 },
        });
        const first = report.packs[0].levelScores[0];
        expect(first).toMatchObject({
          level: "lc01_bottom_step",
          solved: true,
          moves: 11,
          reference: { length: 11, kind: "optimum" },
        });
        const transcript = (await readFile(join(out, first.transcript), "utf8"))
          .trimEnd()
          .split("\n")
          .map((l) => JSON.parse(l));
        expect(transcript[0].request).toEqual({ type: "start" });
        expect(transcript.at(-1).response).toMatchObject({ status: "won" });
        // Each attempt's replay link opens its level's page in the catalog built beside the report,
        // with the attempt's line as a share code that replays to the win.
        expect(stdout).toMatch(/^replays: serve /m);
        const loaded = await loadPackFolder(LANTERN_CELLAR);
        if (!loaded.ok) throw new Error("lantern-cellar does not load");
        const { pack } = loaded;
        for (const level of report.packs[0].levelScores) {
          const [page, hash] = level.replay.split("#");
          expect(page).toMatch(/^catalog\/[a-z0-9-]+\/[a-z0-9-]+\/$/);
          await access(join(out, page, "index.html"));
          const session = new Session(pack, level.level);
          const actions = decodeActions(hash.replace(/^a=/, ""), session.legalActions());
          expect(actions?.length, level.level).toBe(level.moves);
          for (const action of actions ?? []) expect(session.act(action as never).accepted).toBe(true);
          expect(session.won, level.level).toBe(true);
        }
        const html = await readFile(join(out, "report.html"), "utf8");
        expect(html).toContain(`href="${first.replay}"`);
        expect(html).toContain(`href="${first.transcript}"`);
        expect((html.match(/<svg/g) ?? []).length).toBe(3);
        // A second run never mixes its files into the first's.
        const again = await run(["agent", "run", LANTERN_CELLAR, "--agent", "optimal", "--out", out]);
        expect(again.code).toBe(2);
        expect(again.stderr).toMatch(/is not empty/);
      } finally {
        await cleanup();
      }
    });

    it("runs a command as the agent, one process per level, and prints the report with --json", async () => {
      const { dir, cleanup } = await tempDir();
      try {
        const agent = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO, "packages/agent/test/fixtures/first-legal.mjs"))}`;
        const { code, stdout } = await run([
          "agent",
          "run",
          LANTERN_CELLAR,
          "--agent",
          agent,
          "--out",
          join(dir, "r"),
          "--json",
          "--no-catalog",
        ]);
        expect(code).toBe(0);
        const report = JSON.parse(stdout);
        expect(report.overall.levels).toBe(8);
        expect(report.overall.counts.accepted).toBeGreaterThan(8);
        const same = JSON.parse(await readFile(join(dir, "r/report.json"), "utf8"));
        expect(same.overall.levels).toBe(8);
      } finally {
        await cleanup();
      }
    });

    it("runs a command as one long session over every level with --session long", async () => {
      const { dir, cleanup } = await tempDir();
      try {
        const agent = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO, "packages/agent/test/fixtures/long-first-legal.mjs"))}`;
        const out = join(dir, "long");
        const args = ["agent", "run", LANTERN_CELLAR, "--agent", agent, "--out", out, "--session", "long"];
        const { code } = await run([...args, "--no-catalog"]);
        expect(code).toBe(0);
        const report = JSON.parse(await readFile(join(out, "report.json"), "utf8"));
        const pids = new Set<string>();
        for (const level of report.packs[0].levelScores) {
          const transcript = await readFile(join(out, level.transcript), "utf8");
          for (const m of transcript.matchAll(/"reason":"pid (\d+), level (\d+)/g)) pids.add(m[1] as string);
        }
        expect(pids.size).toBe(1);
        expect(report.overall.counts.accepted).toBeGreaterThan(8);
      } finally {
        await cleanup();
      }
    });

    it("scores an anonymised run like any other: the optimal agent still solves every level", async () => {
      const { dir, cleanup } = await tempDir();
      try {
        const out = join(dir, "anon");
        const { code } = await run([
          "agent",
          "run",
          LANTERN_CELLAR,
          "--agent",
          "optimal",
          "--anonymise",
          "--seed",
          "3",
          "--out",
          out,
          "--no-catalog",
        ]);
        expect(code).toBe(0);
        const report = JSON.parse(await readFile(join(out, "report.json"), "utf8"));
        expect(report.overall).toMatchObject({ solveRate: 1, efficiency: 1 });
        const transcript = await readFile(join(out, report.packs[0].levelScores[0].transcript), "utf8");
        expect(transcript).not.toMatch(/Lantern Cellar|lc01_bottom_step|Brick wall/);
      } finally {
        await cleanup();
      }
    });

    it("refuses bad numbers and a missing agent before playing", async () => {
      expect(
        (await run(["agent", "run", LANTERN_CELLAR, "--agent", "optimal", "--out", "x", "--budget", "0"]))
          .code,
      ).toBe(2);
      expect(
        (await run(["agent", "run", LANTERN_CELLAR, "--agent", "optimal", "--out", "x", "--seed", "x"])).code,
      ).toBe(2);
      expect((await run(["agent", "run", LANTERN_CELLAR, "--out", "x"])).code).toBe(2);
      const long = await run([
        "agent",
        "run",
        LANTERN_CELLAR,
        "--agent",
        "optimal",
        "--out",
        "x",
        "--session",
        "long",
      ]);
      expect(long.code).toBe(2);
      expect(long.stderr).toMatch(/--session long is for a command agent/);
    });
  });
});
