/**
 * Line conditions: `HasLine` and `InLine` with their `sequence` of segments, and `ContainsSame` inside
 * them. Two forms are translated: a run of N spaces whose pieces share a player (the match format's
 * `line`), and sequences of single spaces through the target (a jump over a piece), unfolded over the
 * eight directions and the target's place in the sequence, with what each segment found kept as a
 * witness for `results` paths.
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
  node: Record<string, unknown>;
  pointer: string;
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
    for (const [k, v] of [
      ["minCount", min],
      ["maxCount", max],
    ] as const)
      if (v !== undefined && (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 64)) {
        tr.cx.error(at(sp, k), "bad-count", `expected a whole number from 0 to 64, found ${describe(v)}`);
        return undefined;
      }
    out.push({
      ...(min === undefined ? {} : { min: min as number }),
      ...(max === undefined ? {} : { max: max as number }),
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
  if (s.min === undefined || s.max !== undefined || list.length !== 1) return undefined;
  const c = list[0];
  if (!isRecord(c) || get(c, "conditionType") !== "ContainsSame") return undefined;
  const props = get(c, "properties");
  if (!Array.isArray(props) || props.length !== 1 || props[0] !== "player") {
    tr.cx.unsupported(
      at(s.pointer, "conditions"),
      `ContainsSame on ${JSON.stringify(props)}`,
      'only ["player"] (a line of one player\'s pieces) is translated',
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
  if (segs.some((s) => (s.min !== undefined && s.min !== 1) || (s.max !== undefined && s.max !== 1))) {
    tr.cx.unsupported(
      pointer,
      "a sequence with segments of several spaces (minCount/maxCount) through a space",
      "only sequences of single spaces, or a run of one player's pieces, are translated",
    );
    return undefined;
  }
  const terms: { e: Expr; cells: CellRef[] }[] = [];
  for (const [dx, dy] of DIRECTIONS)
    for (let k = 0; k < segs.length; k++) {
      const cells = segs.map((_, i) => shift(origin, (i - k) * dx, (i - k) * dy));
      const parts: Expr[] = [];
      for (let i = 0; i < segs.length; i++) {
        const seg = segs[i] as Segment;
        const cell = cells[i] as CellRef;
        const c = tr.conditions(seg.node, seg.pointer, { ...env, target: { kind: "cell", cell } }, depth + 1);
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

const ContainsSame: ConditionHandler = (tr, _node, pointer) => {
  tr.cx.unsupported(
    pointer,
    "ContainsSame here",
    "it is translated as the one condition of a line's segment",
  );
  return undefined;
};

export const LINES: Record<string, ConditionHandler> = { InLine, HasLine, ContainsSame };
