import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { describe, expect, it } from "vitest";
import { main } from "../src/index.js";
import { run, terminalIo, useScratchDirs } from "./helpers.js";

const scratch = useScratchDirs();

const ESC = "\u001b";
/** Clears the screen. */
const CLEAR = `${ESC}[2J`;
/** Writes "evil" to the clipboard (OSC 52). */
const CLIPBOARD = `${ESC}]52;c;ZXZpbA==\u0007`;
/** The 8-bit form of ESC [ (CSI), and a right-to-left override. */
const C1_CSI = "\u009b";
const RLO = "\u202e";
const HOSTILE = `${CLEAR}${CLIPBOARD}${C1_CSI}31m${RLO}\r`;

const OWN_COLOURS = new RegExp(`${ESC}\\[(?:0|1|2|7|22|27|31|32|33|39)m`, "g");
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Control characters a terminal acts on. Our own colour codes are the only escape sequences allowed,
 * and only where colours are on: `withColours` lets those exact codes through.
 */
function controlsIn(text: string, withColours = false): string[] {
  return (withColours ? text.replace(OWN_COLOURS, "") : text).match(CONTROLS) ?? [];
}

// biome-ignore lint/suspicious/noExplicitAny: pack files are edited freely here.
async function readJson(path: string): Promise<any> {
  return JSON.parse(await readFile(path, "utf8"));
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await writeFile(path, JSON.stringify(value, null, 2));
}

/** A valid pack whose every piece of shown text carries terminal commands. */
async function hostilePack(): Promise<{ pack: string; level: string }> {
  const dir = await scratch();
  const pack = join(dir, "hostile");
  expect((await run(["new", pack])).code).toBe(0);
  const level = `lvl${CLEAR}${C1_CSI}${RLO}x`;

  const manifest = await readJson(join(pack, "manifest.json"));
  manifest.title = `Game ${HOSTILE}`;
  await writeJson(join(pack, "manifest.json"), manifest);

  const game = await readJson(join(pack, "game.json"));
  game.entityKinds.floor.uiName = `Floor ${HOSTILE}`;
  game.actions[0].label = `move ${HOSTILE}`;
  game.actions.push({ id: `wave${CLEAR}`, label: `Wave ${HOSTILE}` });
  game.levelSequence[0].title = `Story ${HOSTILE}`;
  game.levelSequence[0].text = `first line\nsecond ${HOSTILE} line`;
  game.levelSequence[1].ref = level;
  game.ui = { showGuide: true };
  await writeJson(join(pack, "game.json"), game);

  const def = await readJson(join(pack, "levels/first_steps.json"));
  def.id = level;
  def.title = `Title ${HOSTILE}`;
  def.guide = `Guide ${HOSTILE}`;
  def.goals[0].display.text = `Goal ${HOSTILE}`;
  await writeJson(join(pack, "levels", `${level}.json`), def);
  await rename(join(pack, "levels/first_steps.json"), join(dir, "unused.json"));
  return { pack, level };
}

describe("text from packs and file names reaches the terminal inert", () => {
  it("trace shows titles, ids, actions, reasons and the board with their control characters escaped", async () => {
    const { pack, level } = await hostilePack();
    const { code, stdout, stderr } = await run(["trace", pack, level, "right", `wave${CLEAR}`, "up"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(controlsIn(stdout)).toEqual([]);
    expect(stdout).toContain("Title \\u001b[2J\\u001b]52;c;ZXZpbA==\\u0007\\u009b31m\\u202e\\r");
    expect(stdout).toContain("2. wave\\u001b[2J: ");
  });

  it("trace keeps its own colours on a terminal while escaping the pack's", async () => {
    const { pack, level } = await hostilePack();
    const { stdout } = await run(["trace", pack, level, "right"], { isTTY: true });
    expect(stdout).toContain(`${ESC}[32maccepted${ESC}[39m`);
    expect(controlsIn(stdout, true)).toEqual([]);
  });

  it("play, on a pipe and on a terminal, shows every pack text escaped", async () => {
    const { pack } = await hostilePack();
    const piped = await run(["play", pack], { stdin: "x1q" });
    expect(piped.code).toBe(0);
    expect(controlsIn(piped.stdout)).toEqual([]);
    expect(piped.stdout).toContain("first line\nsecond \\u001b[2J");
    expect(piped.stdout).toContain("Floor \\u001b[2J");

    const terminal = terminalIo("x1q");
    expect(await main(["play", pack], terminal.io)).toBe(0);
    // The screen's own sequences (alternate screen, cursor, clear) are the only ones left.
    const own = terminal
      .output()
      .replaceAll(`${ESC}[?1049h${ESC}[?25l`, "")
      .replaceAll(`${ESC}[?25h${ESC}[?1049l`, "")
      .replaceAll(`${ESC}[H${ESC}[2J`, "")
      .replaceAll("\r\n", "\n");
    expect(controlsIn(own, true)).toEqual([]);
    expect(own).toContain("Goal \\u001b[2J");
  });

  it("validate shows a folder name with a line break on one line, so it cannot forge a verdict", async () => {
    const dir = await scratch();
    const forged = join(dir, "evil\nFAKE: valid, 99 levels");
    await mkdir(forged);
    expect((await run(["new", forged])).code).toBe(0);
    const { code, stdout } = await run(["validate", dir]);
    expect(code).toBe(0);
    expect(stdout.split("\n").filter((line) => line.startsWith("FAKE"))).toEqual([]);
    expect(stdout).toContain("evil\\nFAKE: valid, 99 levels: valid, 2 levels, every gold path wins");
  });

  it("validate escapes file names and messages in diagnostics and gold-path findings, keeping its colours", async () => {
    const { pack, level } = await hostilePack();
    const def = await readJson(join(pack, "levels", `${level}.json`));
    // Lost at its first step, so the finding names that step.
    def.solution = { goldPath: [`wave${CLEAR}`, "right"] };
    def.loseConditions = [{ type: "max_actions", config: { limit: 1 } }];
    await writeJson(join(pack, "levels", `${level}.json`), def);
    await writeFile(join(pack, "levels", `bad${CLEAR}\n.json`), "{");
    const { code, stdout } = await run(["validate", pack], { isTTY: true });
    expect(code).toBe(2);
    expect(controlsIn(stdout, true)).toEqual([]);
    expect(stdout).toContain("bad\\u001b[2J\\n.json");

    await rename(join(pack, "levels", `bad${CLEAR}\n.json`), join(pack, "bad.txt"));
    const findings = await run(["validate", pack], { isTTY: true });
    expect(findings.code).toBe(1);
    expect(controlsIn(findings.stdout, true)).toEqual([]);
    expect(findings.stdout).toContain("wave\\u001b[2J");
  });

  it("errors quote ids and paths escaped", async () => {
    const { pack } = await hostilePack();
    const unknown = await run(["trace", pack, `nope${CLEAR}\nFAKE`]);
    expect(unknown.code).toBe(2);
    expect(controlsIn(unknown.stderr)).toEqual([]);
    expect(unknown.stderr.trimEnd().split("\n")).toHaveLength(1);
    const missing = await run(["validate", join(pack, `missing${CLIPBOARD}`)]);
    expect(missing.code).toBe(2);
    expect(controlsIn(missing.stderr)).toEqual([]);
  });

  it("solve and new print level ids, paths and titles escaped", async () => {
    const { pack, level } = await hostilePack();
    const solved = await run(["solve", pack, level, "--workers", "1"]);
    expect(solved.code).toBe(0);
    expect(controlsIn(solved.stdout)).toEqual([]);
    expect(solved.stdout).toContain("lvl\\u001b[2J\\u009b\\u202ex");

    const created = await run(["new", join(await scratch(), "p"), "--title", `T${HOSTILE}`]);
    expect(created.code).toBe(0);
    expect(controlsIn(created.stdout)).toEqual([]);
  });

  it("conformance shows pack, level, run and event names from traces escaped", async () => {
    const { pack, level } = await hostilePack();
    const dir = await scratch();
    const packs = join(dir, "packs");
    await mkdir(packs);
    await rename(pack, join(packs, "hostile"));
    const loaded = await loadPackFolder(join(packs, "hostile"));
    if (!loaded.ok) throw new Error("the hostile pack does not load");
    const session = new Session(loaded.pack, level);
    const initial = session.canonicalState();
    session.act({ action: "move", direction: "right" });
    await mkdir(join(dir, "traces", "hostile"), { recursive: true });
    const trace = {
      pack: "hostile",
      level,
      runs: {
        [`gold${CLEAR}\nFAKE ok`]: {
          actions: [{ action: "move", direction: "right" }],
          accepted: [true],
          eventTypes: [[`odd${CLIPBOARD}`]],
          states: [initial, session.canonicalState()],
        },
      },
    };
    await writeFile(join(dir, "traces/hostile/x.trace.json.gz"), gzipSync(JSON.stringify(trace)));
    const { code, stdout, stderr } = await run(["conformance", packs, join(dir, "traces")]);
    expect(stderr).toBe("");
    expect(code).toBe(1);
    expect(controlsIn(stdout)).toEqual([]);
    expect(stdout.split("\n").filter((line) => line.startsWith("FAKE"))).toEqual([]);
    expect(stdout).toContain("odd\\u001b]52");
  });

  it("--json output escapes the characters JSON leaves raw, and still parses to the same text", async () => {
    const { pack, level } = await hostilePack();
    const { code, stdout } = await run(["validate", pack, "--json"]);
    expect(code).toBe(0);
    expect(controlsIn(stdout)).toEqual([]);
    const report = JSON.parse(stdout);
    expect(report.packs[0].goldPaths[0].level).toBe(level);

    const traced = await run(["trace", pack, level, "right", "--json"]);
    expect(controlsIn(traced.stdout)).toEqual([]);
    expect(JSON.parse(traced.stdout)).toHaveLength(1);
  });
});
