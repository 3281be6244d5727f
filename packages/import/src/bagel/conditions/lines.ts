/**
 * Line conditions: `HasLine` and `InLine` with their `sequence` of segments, and `ContainsSame` inside
 * them. Three forms are translated: a run of N spaces whose pieces share a player (the match format's
 * `line`); sequences of single spaces through the target (a jump over a piece), unfolded over the
 * eight directions and the target's place in the sequence, with what each segment found kept as a
 * witness for `results` paths; and sequences that start at the target and go on with segments of
 * several spaces (reversi's flanked discs), unfolded over the eight directions and matched greedily
 * as the engine does, with the length of each direction's match kept as the witness.
 * @module
 */
import type { Expr } from "@gridponder/match/validate";
import { at, describe, isRecord } from "../../findings.js";
import type { Tr } from "../api.js";
import { BagelContext } from "../context.js";
import { and, cellExpr, ifThen, or, pieceAt, shift } from "../exprs.js";
import type { CellRef, Cond, Env, Val, Witness } from "../model.js";
import { type ConditionHandler, targetOf } from "./basic.js";

const get = BagelContext.get;

/** The eight directions, in the order matches are reported (rows first, then columns, then diagonals). */
const DIRECTIONS: [number, number][] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [-1, -1],
  [1, -1],
  [-1, 1],
];

interface Segment {
  min?: number;
  max?: number;
  count?: number;
  node: Record<string, unknown>;
  pointer: string;
}

/** How many spaces a segment takes, as the engine reads its counts (`maxCount: 0` is no maximum). */
function bounds(s: Segment): { min: number; max: number } {
  if (s.count !== undefined) return { min: s.count, max: s.count };
  if (s.min !== undefined || s.max !== undefined) return { min: s.min || 0, max: s.max || Infinity };
  return { min: 1, max: 1 };
}

const isSingle = (s: Segment) => bounds(s).min === 1 && bounds(s).max === 1;

/** What the engine's `ContainsSame ["player"]` compares, or undefined (an error) when it cannot be said. */
export function sameSemantics(tr: Tr, pointer: string): "owner" | "occupied" | undefined {
  const kinds = new Set([...tr.cx.types.values()].map((t) => t.rulePlayer));
  if (kinds.size === 0 || (kinds.size === 1 && kinds.has("yes"))) {
    if (!tr.cx.setsPlayer()) return "owner";
    tr.cx.unsupported(
      pointer,
      "ContainsSame on the player of pieces whose player a SetState changes",
      "the engine compares the player a piece was created with (its rule's), not the one it has now",
    );
    return undefined;
  }
  if (kinds.size === 1 && kinds.has("no")) {
    tr.cx.reading(
      pointer,
      "ContainsSame",
      "`ContainsSame` compares the values of the entities' rules, so a player kept only in `state` (set by PlaceNew or SetState) is not compared: each space of the segment need only hold something (observed with board-game-engine 2.1.0: with three players a disc flanks a run of two other players' discs).",
    );
    return "occupied";
  }
  tr.cx.unsupported(
    pointer,
    "ContainsSame where some pieces name their player in their rule and some only in their state",
    "the engine compares the rule's player, which only some of them have",
  );
  return undefined;
}

function segments(tr: Tr, node: Record<string, unknown>, pointer: string): Segment[] | undefined {
  const seq = get(node, "sequence");
  const p = at(pointer, "sequence");
  if (!Array.isArray(seq) || seq.length === 0 || seq.length > 8) {
    tr.cx.error(p, "expected-sequence", `expected a sequence of 1 to 8 segments, found ${describe(seq)}`);
    return undefined;
  }
  const out: Segment[] = [];
  for (let i = 0; i < seq.length; i++) {
    const s = seq[i];
    const sp = at(p, i);
    if (!isRecord(s)) {
      tr.cx.error(sp, "expected-segment", `expected a segment object, found ${describe(s)}`);
      return undefined;
    }
    const min = get(s, "minCount");
    const max = get(s, "maxCount");
    const count = get(s, "count");
    for (const [k, v] of [
      ["minCount", min],
      ["maxCount", max],
      ["count", count],
    ] as const)
      if (v !== undefined && (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 64)) {
        tr.cx.error(at(sp, k), "bad-count", `expected a whole number from 0 to 64, found ${describe(v)}`);
        return undefined;
      }
    out.push({
      ...(min === undefined ? {} : { min: min as number }),
      ...(max === undefined ? {} : { max: max as number }),
      ...(count === undefined ? {} : { count: count as number }),
      node: s,
      pointer: sp,
    });
  }
  return out;
}

/** A run of N spaces whose pieces share their player: the match format's `line`, for each seat. */
function sameOwnerRun(tr: Tr, segs: Segment[]): number | undefined {
  if (segs.length !== 1) return undefined;
  const s = segs[0] as Segment;
  const conds = get(s.node, "conditions");
  const list = Array.isArray(conds) ? conds : [conds];
  if (s.min === undefined || s.max !== undefined || s.count !== undefined || list.length !== 1)
    return undefined;
  const c = list[0];
  if (!isRecord(c) || get(c, "conditionType") !== "ContainsSame") return undefined;
  const props = get(c, "properties");
  const cp = Array.isArray(conds) ? at(s.pointer, "conditions", 0) : at(s.pointer, "conditions");
  if (!Array.isArray(props) || props.length !== 1 || props[0] !== "player") {
    tr.cx.unsupported(
      at(s.pointer, "conditions"),
      `ContainsSame on ${JSON.stringify(props)}`,
      'only ["player"] (a line of one player\'s pieces) is translated',
    );
    return -1;
  }
  const sem = sameSemantics(tr, cp);
  if (sem === undefined) return -1;
  if (sem === "occupied") {
    tr.cx.unsupported(
      cp,
      "a line of spaces that need only hold something (ContainsSame on a player kept in `state`)",
      "the match format's `line` is a line of one seat's pieces",
    );
    return -1;
  }
  return s.min;
}

/** The line of `n` for any seat, and a witness whose `…player` is that seat. */
export function lineOfAnySeat(tr: Tr, n: number): Cond {
  const line = (k: number): Expr =>
    and({ lt: [k, { seatCount: {} }] }, { line: { length: n, owner: { seat: k } } });
  let who: Expr = -1;
  for (let k = tr.seats - 1; k >= 0; k--) who = ifThen(line(k), k, who);
  tr.cx.reading(
    "",
    "lines",
    "A line (HasLine, or InLine from every space) of pieces sharing their player is the match format's `line` of that length for some seat; the winner it names is that seat (the mover's line when several seats have one cannot arise, since the game ends at the first).",
  );
  return {
    e: or(...Array.from({ length: tr.seats }, (_, k) => line(k))),
    witness: {
      resolve(path, pointer) {
        if (path[path.length - 1] === "player") return { kind: "num", e: who };
        tr.cx.unsupported(
          pointer,
          `the result path ${JSON.stringify(path)}`,
          "a line's result gives its player",
        );
        return undefined;
      },
    },
  };
}

/** Sequences of single spaces through the target: unfolded over directions and the target's place. */
function unfold(
  tr: Tr,
  segs: Segment[],
  origin: CellRef,
  env: Env,
  depth: number,
  pointer: string,
): Cond | undefined {
  if (!segs.every(isSingle)) return unfoldRuns(tr, segs, origin, env, depth, pointer);
  const terms: { e: Expr; cells: CellRef[] }[] = [];
  for (const [dx, dy] of DIRECTIONS)
    for (let k = 0; k < segs.length; k++) {
      const cells = segs.map((_, i) => shift(origin, (i - k) * dx, (i - k) * dy));
      const parts: Expr[] = [];
      for (let i = 0; i < segs.length; i++) {
        const seg = segs[i] as Segment;
        const cell = cells[i] as CellRef;
        const c = tr.conditions(
          seg.node,
          seg.pointer,
          { ...env, target: { kind: "cell", cell }, chunk: { first: cell, index: 0 } },
          depth + 1,
        );
        if (c === undefined) return undefined;
        parts.push(i === k ? c.e : and({ onBoard: cellExpr(cell) }, c.e));
      }
      const e = and(...parts);
      if (e !== false) terms.push({ e, cells });
    }
  tr.cx.reading(
    pointer,
    "InLine",
    "`InLine` holds when the target is one of the spaces of a straight run (a row, a column or a diagonal, either way) whose spaces meet the sequence's segments in order; the first match is looked for rows first, then columns, then diagonals.",
  );
  const witness: Witness = {
    resolve(path: readonly unknown[], p: string): Val | undefined {
      const seg = path[2];
      if (
        path[0] === "matches" &&
        path[1] === 0 &&
        typeof seg === "number" &&
        seg >= 0 &&
        seg < segs.length &&
        path[3] === "entities" &&
        path.length === 4
      ) {
        let piece: Expr = -1;
        for (let t = terms.length - 1; t >= 0; t--) {
          const term = terms[t] as { e: Expr; cells: CellRef[] };
          piece = ifThen(term.e, pieceAt(term.cells[seg] as CellRef), piece);
        }
        const kept = env.capture ? env.capture(piece) : piece;
        return { kind: "list", items: [{ kind: "subject", s: { kind: "piece", piece: kept } }] };
      }
      tr.cx.unsupported(
        p,
        `the result path ${JSON.stringify(path).slice(0, 120)}`,
        "expected matches[0][<segment>].entities",
      );
      return undefined;
    },
  };
  return { e: or(...terms.map((t) => t.e)), witness };
}

/** The most expression nodes one direction's unfolding of a sequence with runs may take. */
const MAX_RUN_NODES = 20_000;

/**
 * A sequence that starts at the target and goes on with segments of several spaces, in each of the
 * eight directions, matched as the engine matches it: each segment greedily takes as many spaces as
 * meet its conditions (up to its maximum), without going back, and must take at least its minimum.
 */
function unfoldRuns(
  tr: Tr,
  segs: Segment[],
  origin: CellRef,
  env: Env,
  depth: number,
  pointer: string,
): Cond | undefined {
  const cx = tr.cx;
  const g = cx.grid;
  if (g === undefined) {
    cx.error(pointer, "expected-grid", "InLine needs a grid");
    return undefined;
  }
  const first = segs[0] as Segment;
  const condAt = (seg: Segment, cell: CellRef, chunkFirst: CellRef, index: number): Expr | undefined =>
    tr.conditions(
      seg.node,
      seg.pointer,
      { ...env, target: { kind: "cell", cell }, chunk: { first: chunkFirst, index } },
      depth + 1,
    )?.e;
  // The first segment must be the target itself: its conditions fail, as translated, on any other space.
  let startsAtTarget = isSingle(first);
  for (const [dx, dy] of DIRECTIONS) {
    if (!startsAtTarget) break;
    const other = shift(origin, dx, dy);
    const probe = condAt(first, other, other, 0);
    if (probe === undefined) return undefined;
    startsAtTarget = probe === false;
  }
  if (!startsAtTarget) {
    cx.unsupported(
      at(pointer, "sequence"),
      "a sequence with segments of several spaces (minCount, maxCount, count) that does not start at the target",
      "translated are sequences of single spaces, a run of one player's pieces, and sequences whose first segment is the target itself (`Is` the original target) followed by the others",
    );
    return undefined;
  }
  const span = Math.max(g.width, g.height);
  // The engine tries a start only while the line has room for every segment's minimum (a minimum of 0 counting as 1).
  const room = segs.reduce((n, s) => n + (s.min || s.count || 1), 0);
  let nodes = 0;
  let failed = false;
  const rays: { e: Expr; m: Expr; dx: number; dy: number }[] = [];
  for (const [dx, dy] of DIRECTIONS) {
    const cellAt = (j: number) => shift(origin, j * dx, j * dy);
    const onBoard = (j: number): Expr => (j === 0 ? true : { onBoard: cellExpr(cellAt(j)) });
    /** Whether segments i… match from space `pos` on, and how many spaces the whole match then has. */
    const rest = (i: number, pos: number): { e: Expr; m: Expr } => {
      if (failed || ++nodes > MAX_RUN_NODES) {
        failed = true;
        return { e: false, m: 0 };
      }
      if (i === segs.length) {
        const e = pos >= room ? true : onBoard(room - 1);
        return { e, m: ifThen(e, pos, 0) };
      }
      const seg = segs[i] as Segment;
      const { min, max } = bounds(seg);
      /** Spaces pos … pos+taken-1 met the segment's conditions. */
      const take = (taken: number): { e: Expr; m: Expr } => {
        const here = pos + taken;
        const done = taken >= min ? rest(i + 1, here) : { e: false, m: 0 };
        if (taken >= max || here >= span) return done;
        const c = condAt(seg, cellAt(here), cellAt(pos), taken);
        if (c === undefined) {
          failed = true;
          return { e: false, m: 0 };
        }
        const next = and(onBoard(here), c);
        if (next === false) return done;
        const more = take(taken + 1);
        return { e: ifThen(next, more.e, done.e), m: ifThen(next, more.m, done.m) };
      };
      return take(0);
    };
    const r = rest(0, 0);
    if (failed) break;
    if (r.e !== false) rays.push({ e: r.e, m: r.m, dx, dy });
  }
  if (failed) {
    if (nodes > MAX_RUN_NODES)
      cx.unsupported(
        at(pointer, "sequence"),
        "this sequence of segments of several spaces",
        `its unfolding over the board's lines takes more than ${MAX_RUN_NODES} steps`,
      );
    return undefined;
  }
  cx.reading(
    pointer,
    "InLine with runs",
    "`InLine` with segments of several spaces (minCount, maxCount, count) that starts at the target is read as the engine matches it: from the target along each of the eight directions, each segment takes greedily as many spaces as meet its conditions (up to its maximum; `maxCount: 0` is none) and must take at least its minimum, never going back; every direction that matches is a match (reversi's flanked discs).",
  );
  const witness: Witness = {
    resolve(path: readonly unknown[], p: string): Val | undefined {
      const step1 = path[1];
      const step2 = path[2];
      const mapEntities =
        isRecord(step1) &&
        get(step1, "flatten") === true &&
        Array.isArray(get(step1, "map")) &&
        JSON.stringify(get(step1, "map")) === '["entities"]' &&
        Object.keys(step1).length === 2;
      if (
        path[0] === "matches" &&
        mapEntities &&
        isRecord(step2) &&
        get(step2, "flatten") === true &&
        Object.keys(step2).length === 1 &&
        path.length === 3
      ) {
        // Every entity on a space of a match: the spaces found when the move was checked (each
        // direction's match length kept before the move), their entities as they are when read.
        const it: Expr = { get: "it" };
        const where = or(
          ...rays.map((r) => {
            const len = env.capture ? env.capture(r.m, "int") : r.m;
            const cells: Expr[] = [];
            for (let j = 0; j < span; j++)
              cells.push(
                and(j === 0 ? true : { gt: [len, j] }, {
                  eq: [{ cellOf: it }, cellExpr(shift(origin, j * r.dx, j * r.dy))],
                }),
              );
            return and({ gt: [len, 0] }, or(...cells));
          }),
        );
        return { kind: "pieces", set: { scopes: [{ in: "board", where }], repeats: rays.length > 1 } };
      }
      tr.cx.unsupported(
        p,
        `the result path ${JSON.stringify(path).slice(0, 120)}`,
        'expected matches, { "flatten": true, "map": ["entities"] }, { "flatten": true } (every entity on a space of a match)',
      );
      return undefined;
    },
  };
  return { e: or(...rays.map((r) => r.e)), witness };
}

const InLine: ConditionHandler = (tr, node, pointer, env, depth) => {
  const segs = segments(tr, node, pointer);
  if (segs === undefined) return undefined;
  const run = sameOwnerRun(tr, segs);
  if (run === -1) return undefined;
  if (run !== undefined) {
    if (env.everyCell) return lineOfAnySeat(tr, run);
    tr.cx.unsupported(
      pointer,
      "InLine with a run of one player's pieces through one space",
      "it is translated inside Some over every space (a line anywhere)",
    );
    return undefined;
  }
  const t = targetOf(tr, node, pointer, env, depth);
  if (!t.ok) return undefined;
  if (t.s?.kind !== "cell") {
    tr.cx.error(pointer, "expected-space", "InLine needs a space of the grid as its target");
    return undefined;
  }
  return unfold(tr, segs, t.s.cell, env, depth, pointer);
};

const HasLine: ConditionHandler = (tr, node, pointer, env, depth) => {
  const t = targetOf(tr, node, pointer, env, depth);
  if (!t.ok) return undefined;
  if (t.s?.kind !== "grid") {
    tr.cx.error(at(pointer, "target"), "expected-grid", "HasLine needs the grid as its target");
    return undefined;
  }
  const segs = segments(tr, node, pointer);
  if (segs === undefined) return undefined;
  const run = sameOwnerRun(tr, segs);
  if (run === -1) return undefined;
  if (run === undefined) {
    tr.cx.unsupported(
      at(pointer, "sequence"),
      "this HasLine sequence",
      'only a run of minCount spaces whose pieces share their player (ContainsSame ["player"]) is translated',
    );
    return undefined;
  }
  return lineOfAnySeat(tr, run);
};

/**
 * `ContainsSame` in a segment of a sequence: the space holds something that, by the properties named,
 * is like what each earlier space of the segment holds (the engine compares the rule's values).
 */
const ContainsSame: ConditionHandler = (tr, node, pointer, env) => {
  if (env.chunk === undefined || env.target?.kind !== "cell") {
    tr.cx.unsupported(pointer, "ContainsSame here", "it is translated as a condition of a line's segment");
    return undefined;
  }
  const props = get(node, "properties");
  if (!Array.isArray(props) || props.length !== 1 || props[0] !== "player") {
    tr.cx.unsupported(
      at(pointer, "properties"),
      `ContainsSame on ${JSON.stringify(props)?.slice(0, 60)}`,
      'only ["player"] is translated',
    );
    return undefined;
  }
  const sem = sameSemantics(tr, pointer);
  if (sem === undefined) return undefined;
  const here = pieceAt(env.target.cell);
  const occupied: Expr = { ge: [here, 0] };
  if (sem === "occupied" || env.chunk.index === 0) return { e: occupied };
  return {
    e: and(occupied, {
      eq: [
        { attr: "owner", of: here },
        { attr: "owner", of: pieceAt(env.chunk.first) },
      ],
    }),
  };
};

export const LINES: Record<string, ConditionHandler> = { InLine, HasLine, ContainsSame };
