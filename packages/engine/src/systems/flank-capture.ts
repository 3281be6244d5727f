import type { FlankCaptureConfig } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { isPos } from "../board/geometry.js";
import type { Entity, Pos } from "../contract/model.js";
import type { SystemBehaviour, SystemContext } from "../contract/runtime.js";

type Ctx = SystemContext<Required<FlankCaptureConfig>>;

/** What the hook needs from the config, resolved once per level. */
interface Prepared {
  readonly triggers: ReadonlySet<string>;
  readonly layer: number | undefined;
  readonly wallLayer: number | undefined;
  /** Aggressors in the order they claim cells, with their victims and extra terminal kinds. */
  readonly aggressors: readonly {
    readonly kind: string;
    readonly victims: readonly string[];
    readonly terminals: readonly string[];
  }[];
  readonly scanRows: boolean;
  readonly scanColumns: boolean;
}

/**
 * One straight line of the board through an anchor: `length` cells from `start`, `step` apart (1 for a
 * row, the width for a column); `anchor` is the anchor's place along it.
 */
interface Line {
  readonly start: number;
  readonly step: number;
  readonly length: number;
  readonly anchor: number;
}

/**
 * Marks in `flips` the runs of `victim` on a line that the aggressor brackets (with its own kind, one
 * of its terminal kinds, or a wall) and that touch the anchor; a cell already claimed stays claimed.
 */
function scanLine(
  ctx: Ctx,
  cells: readonly (Entity | null)[],
  line: Line,
  aggressor: Prepared["aggressors"][number],
  victim: string,
  flips: Map<number, string>,
): void {
  const { start, step, length, anchor } = line;
  const kindAt = (i: number) => cells[start + i * step]?.kind ?? null;
  const closes = (i: number) => {
    const k = kindAt(i);
    if (k === aggressor.kind || (k !== null && aggressor.terminals.includes(k))) return true;
    return k === null && isWall(ctx, start + i * step);
  };
  for (let i = 0; i < length; ) {
    if (kindAt(i) !== victim) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < length && kindAt(j + 1) === victim) j++;
    // Bracketed on both sides (never by the board edge), and the run or a bracket is the anchor.
    const bracketed = i > 0 && j + 1 < length && closes(i - 1) && closes(j + 1);
    if (bracketed && anchor >= i - 1 && anchor <= j + 1)
      for (let k = i; k <= j; k++) {
        const index = start + k * step;
        if (!flips.has(index)) flips.set(index, aggressor.kind);
      }
    i = j + 1;
  }
}

function isWall(ctx: Ctx, index: number): boolean {
  const { config, draft } = ctx;
  const { wallLayer } = ctx.prepared as Prepared;
  if (!config.wallTerminates || wallLayer === undefined) return false;
  const x = index % draft.width;
  return draft.get(wallLayer, x, (index - x) / draft.width)?.info.tags.has(config.wallTag) === true;
}

/**
 * `flank_capture` (cascade phase): after a trigger event (an actor's move), straight runs of a victim
 * kind bracketed by the aggressor (or a wall, or an aggressor-specific terminal kind; never the board
 * edge) flip to the aggressor, when the run or one of its brackets is the mover's cell. Every pass reads
 * one snapshot taken before any flip, and the first aggressor in `order` to flip a cell keeps it.
 */
export const flankCapture: SystemBehaviour<Required<FlankCaptureConfig>> = {
  type: "flank_capture",
  search: {
    layersMoved: () => [],
    avatarReach: 0,
    freeTurns: false,
    // A bracketed victim turns into its aggressor's kind.
    kindsCreated: (config) => Object.keys(config.pairs),
  },
  prepare(config, pack): Prepared {
    const order = (config.order as string[] | undefined) ?? Object.keys(config.pairs);
    const aggressors: Prepared["aggressors"][number][] = [];
    for (const kind of order) {
      const victims = own(config.pairs, kind);
      if (victims === undefined) continue;
      aggressors.push({
        kind,
        victims: Array.isArray(victims) ? victims : [victims],
        terminals: own(config.terminalKinds, kind) ?? [],
      });
    }
    return {
      triggers: new Set(config.triggerEvents as readonly string[]),
      layer: pack.layerIndex.get(config.pieceLayer),
      wallLayer: pack.layerIndex.get(config.wallLayer),
      aggressors,
      scanRows: config.directions.some((d) => d === "left" || d === "right"),
      scanColumns: config.directions.some((d) => d === "up" || d === "down"),
    };
  },
  cascade(ctx, pending) {
    const { config, draft, pack } = ctx;
    const prepared = ctx.prepared as Prepared;
    const { layer } = prepared;
    if (layer === undefined) return;
    const anchors: Pos[] = [];
    for (const e of pending) if (prepared.triggers.has(e.type) && isPos(e.position)) anchors.push(e.position);
    if (anchors.length === 0) return;
    const { width, height } = draft;
    // The snapshot every scan reads: the flips are written after all scans, and the draft copies a
    // layer before its first write this turn (or the written cells are read before they are written).
    const snapshot = draft.layerCells(layer);
    const flips = new Map<number, string>();
    for (const aggressor of prepared.aggressors) {
      for (const victim of aggressor.victims) {
        for (const [bx, by] of anchors) {
          if (prepared.scanRows)
            scanLine(
              ctx,
              snapshot,
              { start: by * width, step: 1, length: width, anchor: bx },
              aggressor,
              victim,
              flips,
            );
          if (prepared.scanColumns)
            scanLine(
              ctx,
              snapshot,
              { start: bx, step: width, length: height, anchor: by },
              aggressor,
              victim,
              flips,
            );
        }
      }
    }
    if (flips.size === 0) return;
    const olds = [...flips.keys()]
      .sort((a, b) => a - b)
      .map((key) => [key, snapshot[key] as Entity] as const);
    for (const [key, old] of olds) {
      const kind = flips.get(key) as string;
      const x = key % width;
      const y = (key - x) / width;
      draft.set(layer, x, y, pack.entity(kind, old.params));
      ctx.emit({
        type: "cell_transformed",
        position: [x, y],
        fromKind: old.kind,
        toKind: kind,
        layer: config.pieceLayer,
      });
    }
  },
};
