import type { FlankCaptureConfig } from "@gridponder/schema";
import { type Entity, isPos, type Pos } from "../model.js";
import type { SystemBehaviour } from "./types.js";

/**
 * `flank_capture` (cascade phase): after a trigger event (an actor's move), straight runs of a victim
 * kind bracketed by the aggressor (or a wall, or an aggressor-specific terminal kind; never the board
 * edge) flip to the aggressor, when the run or one of its brackets is the mover's cell. Every pass reads
 * one snapshot taken before any flip, and the first aggressor in `order` to flip a cell keeps it.
 */
export const flankCapture: SystemBehaviour<Required<FlankCaptureConfig>> = {
  type: "flank_capture",
  cascade(ctx, pending) {
    const { config, draft, pack } = ctx;
    const triggers = config.triggerEvents as readonly string[];
    const anchors: Pos[] = pending
      .filter((e) => triggers.includes(e.type) && isPos(e.position))
      .map((e) => e.position as Pos);
    const layer = pack.layerIndex.get(config.pieceLayer);
    if (anchors.length === 0 || layer === undefined) return;
    const { width, height } = draft;
    const snapshot = draft.layerCells(layer).slice();
    const wallLayer = pack.layerIndex.get(config.wallLayer);
    const isWall = (x: number, y: number) =>
      config.wallTerminates &&
      wallLayer !== undefined &&
      draft.get(wallLayer, x, y)?.info.tags.has(config.wallTag) === true;
    const kindAt = (x: number, y: number) => snapshot[y * width + x]?.kind ?? null;
    const flips = new Map<number, string>();
    const order = (config.order as string[] | undefined) ?? Object.keys(config.pairs);
    const scanRows = config.directions.some((d) => d === "left" || d === "right");
    const scanColumns = config.directions.some((d) => d === "up" || d === "down");
    for (const aggressor of order) {
      const victims = config.pairs[aggressor];
      if (victims === undefined) continue;
      const extra = config.terminalKinds[aggressor] ?? [];
      const closes = (x: number, y: number) => {
        const k = kindAt(x, y);
        return k === aggressor || (k !== null && extra.includes(k)) || (k === null && isWall(x, y));
      };
      for (const victim of Array.isArray(victims) ? victims : [victims]) {
        for (const [bx, by] of anchors) {
          const lines: Pos[][] = [];
          if (scanRows) lines.push(Array.from({ length: width }, (_, x) => [x, by] as Pos));
          if (scanColumns) lines.push(Array.from({ length: height }, (_, y) => [bx, y] as Pos));
          for (const line of lines) {
            for (let i = 0; i < line.length; ) {
              const [x, y] = line[i] as Pos;
              if (kindAt(x, y) !== victim) {
                i++;
                continue;
              }
              let j = i;
              while (j + 1 < line.length && kindAt(...(line[j + 1] as Pos)) === victim) j++;
              const before = line[i - 1];
              const after = line[j + 1];
              const bracketed =
                before !== undefined && after !== undefined && closes(...before) && closes(...after);
              const anchored = line.slice(Math.max(0, i - 1), j + 2).some((p) => p[0] === bx && p[1] === by);
              if (bracketed && anchored)
                for (let k = i; k <= j; k++) {
                  const [fx, fy] = line[k] as Pos;
                  const key = fy * width + fx;
                  if (!flips.has(key)) flips.set(key, aggressor);
                }
              i = j + 1;
            }
          }
        }
      }
    }
    for (const [key, kind] of [...flips].sort((a, b) => a[0] - b[0])) {
      const x = key % width;
      const y = (key - x) / width;
      const old = snapshot[key] as Entity;
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
