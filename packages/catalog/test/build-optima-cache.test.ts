/**
 * The optima cache is not trusted: an entry someone wrote by hand (a wrong optimum, a solution that does
 * not win or has another length, garbage, a `__proto__` key) never reaches the page data, and the level
 * is searched again. The default cache is the user's own, never the shared temporary folder.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join, sep } from "node:path";
import { type ActionInput, Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { solveLevels } from "@gridponder/solver/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCatalog } from "../src/build/catalog.ts";
import type { LevelSolver } from "../src/build/optima.ts";
import { defaultCacheFile, writeCache } from "../src/build/optima-cache.ts";
import { provenOptimum } from "../src/build/optima-replay.ts";
import { copyLantern, removeTempDirs, tempDir } from "./build-helpers.ts";

afterAll(removeTempDirs);

/** Far beyond what these levels need, so only a state limit can stop a search. */
const TIME = 600_000;

let packs: string;
let dir: string;
/** The cache a real build wrote: its raw JSON, and the proven optima by level. */
let genuine: { levels: Record<string, { optimum?: number; solution?: ActionInput[] }> };
let proven: Map<string, number>;
let runs = 0;

/** The level id an entry's key ends with. */
const levelOf = (key: string) => key.slice(key.lastIndexOf("|") + 1);

/** A copy of the genuine cache file with every entry replaced by `forge(entry, level)`. */
async function forged(
  forge: (entry: { optimum: number; solution: ActionInput[] }, level: string) => unknown,
) {
  const levels: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(genuine.levels))
    levels[key] = forge({ optimum: entry.optimum ?? 0, solution: entry.solution ?? [] }, levelOf(key));
  const file = join(await tempDir("gridponder-forged-"), "optima.json");
  await writeFile(file, JSON.stringify({ ...genuine, levels }));
  return file;
}

/**
 * The optima a build shows with this cache file, and the levels it searched. The searches are capped
 * at one state, so a level the cache does not settle shows no optimum (and the test stays fast).
 */
async function build(cacheFile: string): Promise<{ optima: Map<string, number | null>; searched: string[] }> {
  const searched: string[] = [];
  const solver: LevelSolver = (d, ids, options) => {
    searched.push(...ids);
    return solveLevels(d, ids, options);
  };
  const catalog = await getCatalog({
    packsDir: [packs],
    base: `/forged-${++runs}/`,
    solve: { timeLimitMs: TIME, maxStates: 1, cacheFile, solveLevels: solver },
  });
  const levels = catalog.packs[0]?.levels ?? [];
  return { optima: new Map(levels.map((l) => [l.id, l.optimum])), searched: searched.sort() };
}

beforeAll(async () => {
  packs = await tempDir();
  dir = await copyLantern(packs, "cellar");
  const file = join(await tempDir("gridponder-genuine-"), "optima.json");
  const catalog = await getCatalog({ packsDir: [packs], solve: { timeLimitMs: TIME, cacheFile: file } });
  proven = new Map(catalog.packs[0]?.levels.map((l) => [l.id, l.optimum as number]));
  genuine = JSON.parse(await readFile(file, "utf8"));
}, 600_000);

describe("a forged optima cache", { timeout: 600_000 }, () => {
  it("is believed only where it is the truth: the genuine cache settles every level", async () => {
    expect(proven.size).toBe(8);
    expect([...proven.values()].every((n) => Number.isInteger(n) && n > 0)).toBe(true);
    const file = join(await tempDir("gridponder-copy-"), "optima.json");
    await writeFile(file, JSON.stringify(genuine));
    const { optima, searched } = await build(file);
    expect(searched).toEqual([]);
    expect(optima).toEqual(proven);
  });

  const forgeries: Record<string, (e: { optimum: number; solution: ActionInput[] }) => unknown> = {
    "a wrong optimum (1 move, its one move)": (e) => ({ optimum: 1, solution: e.solution.slice(0, 1) }),
    "one move short of the optimum": (e) => ({ optimum: e.optimum - 1, solution: e.solution.slice(0, -1) }),
    "a solution that does not win": (e) => ({ optimum: e.optimum, solution: [...e.solution].reverse() }),
    "a solution of another length": (e) => ({ optimum: 1, solution: e.solution }),
    "a winning solution with moves after the win": (e) => ({
      optimum: e.optimum + 2,
      solution: [...e.solution, ...e.solution.slice(0, 2)],
    }),
    "an unsolvable claim": () => ({ unsolvable: true }),
  };
  for (const [name, forge] of Object.entries(forgeries))
    it(`shows no optimum from ${name}, and searches the level again`, async () => {
      const { optima, searched } = await build(await forged(forge));
      for (const [level, optimum] of optima) expect(optimum, level).toBeNull();
      expect(searched).toEqual([...proven.keys()].sort());
    });

  it("shows no optimum from entries of the wrong types", async () => {
    const garbage: unknown[] = [
      { optimum: "1", solution: [] },
      { optimum: -1, solution: [] },
      { optimum: 0.5, solution: [] },
      { optimum: 1, solution: "up" },
      { optimum: 1, solution: [null] },
      { optimum: 1, solution: [{ direction: "up" }] },
      null,
      [1, 2],
    ];
    let i = 0;
    const { optima, searched } = await build(await forged(() => garbage[i++ % garbage.length]));
    expect([...optima.values()]).toEqual(Array(8).fill(null));
    expect(searched).toHaveLength(8);
  });

  it("treats __proto__ and constructor keys as keys, polluting nothing", async () => {
    const file = join(await tempDir("gridponder-proto-"), "optima.json");
    const first = Object.entries(genuine.levels)[0] as [string, unknown];
    const text = JSON.stringify({ ...genuine, levels: {} }).replace(
      '"levels":{}',
      `"levels":{"__proto__":{"optimum":1,"solution":[{"action":"move"}],"${first[0]}":{"optimum":1}},"constructor":${JSON.stringify(first[1])}}`,
    );
    await writeFile(file, text);
    const { optima, searched } = await build(file);
    expect([...optima.values()]).toEqual(Array(8).fill(null));
    expect(searched).toHaveLength(8);
    expect(({} as Record<string, unknown>)[first[0]]).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(Object.keys(Object.prototype)).toEqual([]);
    // The build's write kept the file one JSON object, with the odd keys as plain keys.
    const after = JSON.parse(await readFile(file, "utf8"));
    expect(Object.hasOwn(after.levels, "__proto__")).toBe(true);
  });
});

describe("provenOptimum", () => {
  it("accepts the solver's solution and refuses every claim that does not replay to a win in as many moves", async () => {
    const loaded = await loadPackFolder(dir);
    if (!loaded.ok) throw new Error("the lantern copy does not load");
    const { pack } = loaded;
    for (const [key, entry] of Object.entries(genuine.levels)) {
      const level = levelOf(key);
      const claim = { optimum: entry.optimum as number, solution: entry.solution as ActionInput[] };
      expect(provenOptimum(pack, level, claim), level).toBe(proven.get(level));
      const session = new Session(pack, level);
      session.replay(claim.solution as Parameters<Session["replay"]>[0]);
      expect(session.won).toBe(true);
      expect(provenOptimum(pack, level, { ...claim, optimum: claim.optimum + 1 })).toBeNull();
      expect(provenOptimum(pack, "no-such-level", claim)).toBeNull();
      expect(provenOptimum(pack, "__proto__", claim)).toBeNull();
      expect(
        provenOptimum(pack, level, { optimum: 1, solution: [{ action: "teleport", x: {} }] }),
      ).toBeNull();
    }
  });
});

describe("the default cache file", () => {
  it("is the user's own cache folder, never the shared temporary folder", () => {
    const saved = { file: process.env.GRIDPONDER_OPTIMA_CACHE, xdg: process.env.XDG_CACHE_HOME };
    try {
      delete process.env.GRIDPONDER_OPTIMA_CACHE;
      delete process.env.XDG_CACHE_HOME;
      const file = defaultCacheFile();
      expect(file.startsWith(tmpdir() + sep)).toBe(false);
      expect(file.startsWith(homedir() + sep) || file.startsWith(process.env.LOCALAPPDATA ?? homedir())).toBe(
        true,
      );
      expect(file).toMatch(/gridponder[\\/]optima\.json$/);
      if (process.platform === "linux") {
        expect(file).toBe(join(homedir(), ".cache", "gridponder", "optima.json"));
        process.env.XDG_CACHE_HOME = "/var/cache-of-user";
        expect(defaultCacheFile()).toBe("/var/cache-of-user/gridponder/optima.json");
        // The XDG spec ignores a relative folder.
        process.env.XDG_CACHE_HOME = "relative";
        expect(defaultCacheFile()).toBe(join(homedir(), ".cache", "gridponder", "optima.json"));
      }
      process.env.GRIDPONDER_OPTIMA_CACHE = "chosen.json";
      expect(defaultCacheFile()).toBe(join(process.cwd(), "chosen.json"));
    } finally {
      for (const [name, value] of [
        ["GRIDPONDER_OPTIMA_CACHE", saved.file],
        ["XDG_CACHE_HOME", saved.xdg],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
  });

  it("is written by rename, readable by its owner only, leaving no temporary file", async () => {
    const folder = join(await tempDir("gridponder-cache-"), "nested");
    const file = join(folder, "optima.json");
    await writeCache(file, new Map([["k", { bounded: { timeLimitMs: 1, maxStates: null } }]]));
    await writeCache(file, new Map([["j", { optimum: 0, solution: [] }]]));
    expect(await readdir(folder)).toEqual(["optima.json"]);
    expect(Object.keys(JSON.parse(await readFile(file, "utf8")).levels).sort()).toEqual(["j", "k"]);
    if (process.platform !== "win32") {
      expect((await stat(file)).mode & 0o077).toBe(0);
      expect((await stat(folder)).mode & 0o077).toBe(0);
    }
  });
});
