// Writes the hard set (`bench/hard/`): levels of our own making, larger than any published one, that
// hold the solver to boards, objects, plots and carriers no level it was tuned on has. Each is made
// from a published level of the shared corpus by seeded edits (a wider board, a ring of new ground,
// more carriers and obstacles, an extra plot with its carrier, two levels side by side, objects
// moved), and kept only when a winning path is known for it: the source's gold path still wins, or a
// short breadth-first search from where it ends finds the rest. So every level is solvable by
// construction, and the solver has to prove the optimum. The files are not committed: they carry the
// shared packs' game definitions and are made from its levels, and the corpus never enters the
// repository. `pnpm bench` runs this script when `bench/hard/` (git-ignored) is missing; it writes the
// same files on every machine, since nothing in it depends on time (`node bench/make-hard.mjs`, after
// `pnpm build` of the engine, remakes them).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CORPUS } from "@gridponder/conformance-corpus";
import { loadPack, runTurn, Session, stableStringify } from "@gridponder/engine";
import { formatPackJson } from "@gridponder/schema";

const here = dirname(fileURLToPath(import.meta.url));
const SHARED = join(CORPUS, "packs");
// `--out <dir>` writes elsewhere than bench/hard; `--only <id,...>` makes only those levels (a test
// needs one level of the set without making all of it).
const { values: flags } = parseArgs({ options: { out: { type: "string" }, only: { type: "string" } } });
const OUT = flags.out ?? join(here, "hard");
const ONLY = flags.only ? new Set(flags.only.split(",")) : null;

/** Seeded generator (mulberry32 over an FNV-1a hash of the seed text): the same levels every run. */
function rng(seed) {
  let h = 0x811c9dc5;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  let a = h;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[next.int(list.length)];
  return next;
}

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

function sourcePack(name) {
  const dir = join(SHARED, name);
  return {
    name,
    manifest: readJson(join(dir, "manifest.json")),
    game: readJson(join(dir, "game.json")),
    theme: readJson(join(dir, "theme.json")),
    level: (id) => readJson(join(dir, "levels", `${id}.json`)),
  };
}

// A level as dense grids: per layer, rows of null or { kind, ...params }.
function toModel(src, game) {
  const [w, h] = src.board.size;
  const layers = {};
  for (const def of game.layers) {
    const grid = Array.from({ length: h }, () => Array.from({ length: w }, () => null));
    const data = src.board.layers[def.id];
    if (Array.isArray(data)) {
      data.forEach((row, y) => {
        row.forEach((cell, x) => {
          if (cell !== null) grid[y][x] = typeof cell === "string" ? { kind: cell } : { ...cell };
        });
      });
    } else if (data) {
      for (const { position, ...rest } of data.entries) grid[position[1]][position[0]] = { ...rest };
    }
    if (def.default) for (const row of grid) for (let x = 0; x < w; x++) row[x] ??= { kind: def.default };
    layers[def.id] = grid;
  }
  const gold = src.solution?.goldPath ?? [];
  return { w, h, layers, avatar: [...src.state.avatar.position], src, gold };
}

function fromModel(m, game, id, title, gold) {
  const layers = {};
  for (const def of game.layers) {
    const entries = [];
    m.layers[def.id].forEach((row, y) => {
      row.forEach((cell, x) => {
        if (cell && cell.kind !== def.default) entries.push({ position: [x, y], ...cell });
      });
    });
    if (entries.length > 0) layers[def.id] = { format: "sparse", entries };
  }
  const { id: _id, title: _title, board: _board, solution: _solution, state, ...rest } = m.src;
  return {
    id,
    title,
    board: { size: [m.w, m.h], layers },
    state: { ...state, avatar: { ...state.avatar, position: m.avatar } },
    ...rest,
    solution: { goldPath: gold },
  };
}

const clone = (m) => ({ ...m, avatar: [...m.avatar], layers: structuredClone(m.layers) });

/** The board grown by the given margins, new cells filled by `fill(x, y)` (a ground kind). */
function pad(m, { left = 0, right = 0, top = 0, bottom = 0 }, fill, game) {
  const w = m.w + left + right;
  const h = m.h + top + bottom;
  const layers = {};
  for (const def of game.layers) {
    const grid = Array.from({ length: h }, (_, y) =>
      Array.from({ length: w }, (_, x) => {
        const sx = x - left;
        const sy = y - top;
        if (sx >= 0 && sy >= 0 && sx < m.w && sy < m.h) return m.layers[def.id][sy][sx];
        if (def.occupancy === "exactly_one") return { kind: fill(x, y) };
        return null;
      }),
    );
    layers[def.id] = grid;
  }
  return { ...m, w, h, layers, avatar: [m.avatar[0] + left, m.avatar[1] + top] };
}

/** Cells of plain ground with nothing on them and no avatar: where new objects may go. */
function freeCells(m, ground, objects, plain) {
  const free = [];
  for (let y = 0; y < m.h; y++)
    for (let x = 0; x < m.w; x++)
      if (
        plain.includes(m.layers[ground][y][x]?.kind) &&
        m.layers[objects][y][x] === null &&
        !(m.avatar[0] === x && m.avatar[1] === y)
      )
        free.push([x, y]);
  return free;
}

function place(m, r, layer, cell, free) {
  if (free.length === 0) return false;
  const [x, y] = free.splice(r.int(free.length), 1)[0];
  m.layers[layer][y][x] = cell;
  return true;
}

/** Moves `n` objects each to a free neighbouring cell, as the shared fuzz mutants do. */
function jitter(m, r, n, objects, ground, plain) {
  for (let i = 0; i < n; i++) {
    const at = [];
    for (let y = 0; y < m.h; y++) for (let x = 0; x < m.w; x++) if (m.layers[objects][y][x]) at.push([x, y]);
    const [x, y] = r.pick(at);
    const [dx, dy] = r.pick([
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]);
    const nx = x + dx;
    const ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= m.w || ny >= m.h) continue;
    if (m.layers[objects][ny][nx] || !plain.includes(m.layers[ground][ny][nx]?.kind)) continue;
    if (m.avatar[0] === nx && m.avatar[1] === ny) continue;
    m.layers[objects][ny][nx] = m.layers[objects][y][x];
    m.layers[objects][y][x] = null;
  }
}

/** Two levels side by side, a column of `wall` ground between them with one door cell. */
function glue(a, b, door, wall, game) {
  const w = a.w + 1 + b.w;
  const h = Math.max(a.h, b.h);
  const layers = {};
  for (const def of game.layers) {
    layers[def.id] = Array.from({ length: h }, (_, y) =>
      Array.from({ length: w }, (_, x) => {
        const from = x < a.w ? [a, x] : x > a.w ? [b, x - a.w - 1] : null;
        if (from && y < from[0].h) return from[0].layers[def.id][y][from[1]];
        if (def.occupancy !== "exactly_one") return null;
        return { kind: from === null && y === door ? (def.default ?? "empty") : wall };
      }),
    );
  }
  return { ...a, w, h, layers };
}

/**
 * Two published levels side by side behind a void wall with a random door: the candidate, with the
 * second level's gold path to play from its avatar's cell once the first is won.
 */
function sideBySide(g, r, first, second) {
  const a = g(first);
  const b = g(second);
  const door = r.int(Math.min(a.h, b.h));
  return {
    model: glue(a, b, door, "void", g.game),
    second: { meet: [b.avatar[0] + a.w + 1, b.avatar[1]], gold: normalise(g.src, g.game, b) },
  };
}

function packFiles(src, game, levels) {
  // No shared sprite collections: the hard packs are for the solver, and ship no assets.
  const { sharedAssets: _shared, ...manifest } = src.manifest;
  const files = {
    "manifest.json": JSON.stringify({
      ...manifest,
      gameId: `${src.name}_hard`,
      title: `${src.manifest.title} (hard set)`,
    }),
    "game.json": JSON.stringify({
      ...game,
      levelSequence: levels.map((l) => ({ type: "level", ref: l.id })),
    }),
    "theme.json": JSON.stringify(src.theme),
  };
  for (const level of levels) files[`levels/${level.id}.json`] = JSON.stringify(level);
  return files;
}

/** The engine's pack of one candidate level, or null when the level does not load. */
function loadOne(src, game, level) {
  const loaded = loadPack(packFiles(src, game, [level]));
  if (process.env.DEBUG && !loaded.ok)
    console.log(loaded.diagnostics.filter((d) => d.severity === "error").slice(0, 3));
  return loaded.ok ? loaded.pack : null;
}

/** Plays `actions` from `state`; null when one is rejected or the level is lost on the way. */
function play(pack, level, state, actions) {
  let s = state;
  for (const a of actions) {
    const t = runTurn(pack, level, s, a);
    if (!t.accepted || t.state.lost) return null;
    s = t.state;
  }
  return s;
}

/** A state's identity for `findRest`: each cell's kind and params, the avatar, memory and variables. */
const keyOf = (s) => {
  let k = "";
  for (const layer of s.layers)
    for (const c of layer) k += c === null ? "," : `${c.kind}${c.params ? stableStringify(c.params) : ""},`;
  return `${k}|${s.avatar.position}|${s.avatar.item}|${stableStringify(s.memory)}|${stableStringify(s.variables)}`;
};

/**
 * Breadth-first search from `state` for a state where `finish(state)` gives the rest of a winning
 * path; the shortest such way first. Bounded by `cap` states, so a candidate whose rest is far or
 * missing is dropped quickly.
 */
function findRest(pack, level, state, actions, finish, cap) {
  const seen = new Map([[keyOf(state), null]]);
  let layer = [{ state, path: [] }];
  while (layer.length > 0 && seen.size < cap) {
    const next = [];
    for (const { state: s, path } of layer) {
      const done = finish(s);
      if (done) return [...path, ...done];
      for (const a of actions) {
        const t = runTurn(pack, level, s, a);
        if (!t.accepted || t.state.lost) continue;
        const k = keyOf(t.state);
        if (seen.has(k)) continue;
        if (seen.size >= cap) return null;
        seen.set(k, null);
        next.push({ state: t.state, path: [...path, a] });
      }
    }
    layer = next;
  }
  return null;
}

/**
 * A winning path for the candidate: the gold path (with `rest` after it where it stops short of a
 * win), or null. `second` (for glued levels): a second gold path that must win from the avatar's cell
 * `meet`, reached by the shortest walk from where the first ends.
 */
function winningPath(src, game, level, gold, second) {
  const pack = loadOne(src, game, level);
  if (pack === null) return null;
  const session = new Session(pack, level.id);
  const actions = session.legalActions();
  const end = play(pack, session.level, session.initial, gold);
  if (end === null) return null;
  if (end.won) return gold;
  const finish = second
    ? (s) => {
        const p = s.avatar.position;
        if (!p || p[0] !== second.meet[0] || p[1] !== second.meet[1]) return null;
        const won = play(pack, session.level, s, second.gold);
        return won?.won ? second.gold : null;
      }
    : (s) => (s.won ? [] : null);
  const rest = findRest(pack, session.level, end, actions, finish, 40_000);
  return rest === null ? null : [...gold, ...rest];
}

/** A model's gold path as the engine resolves it: full action objects, rejected steps left out. */
function normalise(src, game, model) {
  const level = fromModel(model, game, "probe", "probe", model.gold);
  const pack = loadOne(src, game, level);
  if (pack === null) throw new Error(`source level ${model.src.id} does not load`);
  const session = new Session(pack, "probe");
  const out = [];
  let s = session.initial;
  for (const step of model.gold) {
    const t = runTurn(pack, session.level, s, step);
    if (t.accepted) out.push({ ...t.action.params });
    s = t.state;
  }
  return out;
}

// ---- recipes -------------------------------------------------------------------------------------

const TWIN_GROUND = ["empty", "empty", "empty", "empty", "ice", "void", "water"];
const TWIN_PLAIN = ["empty"];

/** Each recipe: a level id, a title, and a maker that returns a candidate { model, second? } per try. */
function twinseedRecipes() {
  // A plot with a basket beside it and room behind the basket to push it from: the winning path's
  // rest is a walk and a push, found quickly; the plot still counts in every model of the level.
  const withPair = (m, r, pairs) => {
    for (let i = 0; i < pairs; i++) {
      const free = freeCells(m, "ground", "objects", TWIN_PLAIN);
      const isFree = (x, y) => free.some(([fx, fy]) => fx === x && fy === y);
      const lines = [];
      for (const [x, y] of free)
        for (const [dx, dy] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ])
          if (isFree(x + dx, y + dy) && isFree(x + 2 * dx, y + 2 * dy)) lines.push([x, y, dx, dy]);
      if (lines.length === 0) return;
      const [x, y, dx, dy] = r.pick(lines);
      m.layers.ground[y][x] = { kind: "garden_plot" };
      m.layers.objects[y + dy][x + dx] = { kind: "seed_basket" };
    }
  };
  const crowd = (m, r, kinds) => {
    const free = freeCells(m, "ground", "objects", TWIN_PLAIN);
    for (const kind of kinds) place(m, r, "objects", { kind }, free);
  };
  return [
    {
      id: "th_001",
      title: "Crown of Ice, widened",
      make: (g, r) => pad(g("tw_025"), { left: 1, bottom: 1 }, () => r.pick(TWIN_GROUND), g.game),
    },
    {
      id: "th_002",
      title: "Frozen Ring",
      make: (g, r) =>
        pad(g("tw_023"), { left: 1, right: 1, top: 1, bottom: 1 }, () => r.pick(TWIN_GROUND), g.game),
    },
    {
      id: "th_003",
      title: "Spare Baskets",
      make: (g, r) => {
        const m = clone(g("tw_020"));
        crowd(m, r, ["seed_basket", "seed_basket"]);
        return m;
      },
    },
    {
      id: "th_004",
      title: "Cluttered Thaw",
      make: (g, r) => {
        const m = pad(g("tw_017"), { right: 2 }, () => r.pick(TWIN_GROUND), g.game);
        crowd(m, r, ["seed_basket", "rock", "wood"]);
        return m;
      },
    },
    {
      id: "th_005",
      title: "Four Plots",
      make: (g, r) => {
        const m = clone(g("tw_004"));
        withPair(m, r, 1);
        return m;
      },
    },
    {
      id: "th_006",
      title: "Four Plots, Two Rocks",
      make: (g, r) => {
        const m = pad(g("tw_007"), { top: 1, right: 1 }, () => r.pick(["empty", "empty", "void"]), g.game);
        withPair(m, r, 1);
        return m;
      },
    },
    {
      id: "th_007",
      title: "Two Gardens",
      make: (g, r) => sideBySide(g, r, "tw_005", "tw_008"),
    },
    {
      id: "th_008",
      title: "Three Gardens' Worth",
      make: (g, r) => {
        const a = g("tw_007");
        const b = g("tw_002");
        const door = r.int(Math.min(a.h, b.h));
        const m = glue(a, b, door, "void", g.game);
        return {
          model: m,
          second: { meet: [b.avatar[0] + a.w + 1, b.avatar[1]], gold: normalise(g.src, g.game, b) },
        };
      },
    },
    {
      id: "th_009",
      title: "Crown of Ice, shaken",
      make: (g, r) => {
        const m = clone(g("tw_025"));
        jitter(m, r, 3, "objects", "ground", ["empty", "ice"]);
        return m;
      },
    },
    {
      id: "th_010",
      title: "Torchlight, shaken and widened",
      make: (g, r) => {
        const m = pad(g("tw_020"), { left: 1, top: 1 }, () => r.pick(TWIN_GROUND), g.game);
        jitter(m, r, 2, "objects", "ground", ["empty", "ice"]);
        return m;
      },
    },
    {
      id: "th_011",
      title: "Deep Cellar, more baskets",
      make: (g, r) => {
        const m = pad(g("tw_013"), { right: 2 }, () => r.pick(["empty", "empty", "water", "void"]), g.game);
        crowd(m, r, ["seed_basket", "metal_crate"]);
        return m;
      },
    },
    {
      id: "th_012",
      title: "Three Plots and Wood",
      make: (g, r) => {
        const m = pad(g("tw_010"), { bottom: 2 }, () => r.pick(["empty", "empty", "empty", "void"]), g.game);
        withPair(m, r, 1);
        return m;
      },
    },
    {
      id: "th_013",
      title: "Five Plots",
      make: (g, r) => {
        const m = pad(
          g("tw_005"),
          { right: 2, bottom: 2 },
          () => r.pick(["empty", "empty", "empty", "void"]),
          g.game,
        );
        withPair(m, r, 2);
        return m;
      },
    },
    {
      id: "th_014",
      title: "Crown of Ice, a fourth basket",
      make: (g, r) => {
        const m = clone(g("tw_025"));
        crowd(m, r, ["seed_basket"]);
        return m;
      },
    },
  ];
}

const BOX_PLAIN = ["empty"];

function boxRecipes() {
  const fragment = (r) => ({ kind: "box_fragment", sides: r.pick([1, 2, 4, 8, 3, 6, 12, 9]) });
  return [
    {
      id: "bh_001",
      title: "Through Traffic, wider",
      make: (g) => pad(g("bb_014"), { right: 1 }, () => "empty", g.game),
    },
    {
      id: "bh_002",
      title: "Through Traffic, taller",
      make: (g) => pad(g("bb_014"), { top: 1 }, () => "empty", g.game),
    },
    {
      id: "bh_003",
      title: "Through Traffic, a stray piece",
      make: (g, r) => {
        const m = clone(g("bb_014"));
        place(m, r, "objects", fragment(r), freeCells(m, "ground", "objects", BOX_PLAIN));
        return m;
      },
    },
    {
      id: "bh_004",
      title: "Detour, widened",
      make: (g, r) =>
        pad(g("bb_017"), { left: 1, bottom: 1 }, () => r.pick(["empty", "empty", "void"]), g.game),
    },
    {
      id: "bh_005",
      title: "Narrows, widened",
      make: (g, r) => pad(g("bb_015"), { right: 2 }, () => r.pick(["empty", "empty", "void"]), g.game),
    },
    {
      id: "bh_006",
      title: "Three Boxes",
      make: (g, r) => {
        const m = pad(g("bb_012"), { bottom: 1 }, () => "empty", g.game);
        const free = freeCells(m, "ground", "objects", BOX_PLAIN).filter(
          ([x, y]) => m.layers.markers[y][x] === null,
        );
        const [x, y] = free.splice(r.int(free.length), 1)[0];
        m.layers.markers[y][x] = { kind: "box_target" };
        place(m, r, "objects", { kind: "box_fragment", sides: 15 }, free);
        return m;
      },
    },
    {
      id: "bh_007",
      title: "Through Traffic, shaken",
      make: (g, r) => {
        const m = clone(g("bb_014"));
        jitter(m, r, 2, "objects", "ground", BOX_PLAIN);
        return m;
      },
    },
    {
      id: "bh_008",
      title: "Two Yards",
      make: (g, r) => sideBySide(g, r, "bb_014", "bb_012"),
    },
    {
      id: "bh_009",
      title: "Through Traffic, a room larger",
      make: (g, r) =>
        pad(g("bb_014"), { left: 1, right: 1, top: 1 }, () => r.pick(["empty", "empty", "void"]), g.game),
    },
    {
      id: "bh_010",
      title: "Narrows, two strays",
      make: (g, r) => {
        const m = clone(g("bb_015"));
        place(m, r, "objects", fragment(r), freeCells(m, "ground", "objects", BOX_PLAIN));
        place(m, r, "objects", fragment(r), freeCells(m, "ground", "objects", BOX_PLAIN));
        return m;
      },
    },
  ];
}

/** Makes one hard pack: every recipe tried with seeds `<id>/0`, `<id>/1`, ... until a candidate wins. */
function makePack(name, recipes) {
  const src = sourcePack(name);
  const game = src.game;
  const get = (id) => toModel(src.level(id), game);
  get.game = game;
  get.src = src;
  const levels = [];
  for (const recipe of recipes) {
    if (ONLY !== null && !ONLY.has(recipe.id)) continue;
    let made = null;
    for (let attempt = 0; attempt < 8 && made === null; attempt++) {
      const r = rng(`${recipe.id}/${attempt}`);
      const out = recipe.make(get, r);
      const { model, second } = out.layers ? { model: out } : out;
      const gold = normalise(src, game, { ...model, gold: model.gold, src: model.src });
      const level = fromModel(model, game, recipe.id, recipe.title, gold);
      const path = winningPath(src, game, level, gold, second);
      if (path !== null) made = { ...level, solution: { goldPath: path } };
    }
    if (made === null) {
      console.log(`${name}/${recipe.id}: no candidate with a known win, left out`);
      continue;
    }
    console.log(
      `${name}/${recipe.id} ${made.board.size.join("×")}, winning path of ${made.solution.goldPath.length}`,
    );
    levels.push(made);
  }
  // A partial run (`--only`) leaves the packs it made no level of as they are.
  if (ONLY !== null && levels.length === 0) return;
  const dir = join(OUT, `${name}_hard`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "levels"), { recursive: true });
  for (const [path, text] of Object.entries(packFiles(src, game, levels)))
    writeFileSync(join(dir, path), formatPackJson(JSON.parse(text)));
}

makePack("twinseed", twinseedRecipes());
makePack("box_builder", boxRecipes());
