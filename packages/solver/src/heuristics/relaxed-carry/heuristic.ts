import type { LevelRuntime, Pack } from "@gridponder/engine";
import { relaxedCarry } from "../../models/index.js";
import { type TableTeam, teamBuffers } from "../../parallel/table-team.js";
import { Column } from "../../tables/state-table.js";
import type { HeuristicFactory, MarkerHeuristic } from "../../types.js";
import { BEYOND, type Distances, distanceAt, relaxedDistances, startFill } from "./table.js";

/** The largest table built (one byte an entry): beyond it the level gets no relaxed carry distance. */
const MAX_TABLE_ENTRIES = 600_000_000;

/**
 * For the levels the engine has a relaxed carry model of (`relaxedCarry`: carry levels whose systems
 * play the avatar-step, push, recall and slide roles), with or without slippery ground: the exact
 * distance to the goal in the relaxed model, looked up in a table filled backwards from the goal the
 * first time it is needed; with more carriers than plots, the least over the state's relaxed images
 * (sets of its carriers as large as the plots left). The marker is part of the relaxed state, so the
 * heuristic also answers per marker cell (`base` and `at`) for the marker search.
 */
export const relaxedCarryHeuristic: HeuristicFactory = (pack: Pack, level: LevelRuntime) => {
  const relaxed = relaxedCarry(pack, level);
  if (relaxed === null || relaxed.model.size > MAX_TABLE_ENTRIES) return null;
  const { model } = relaxed;
  let table: Distances | null = null;
  // What `BEYOND` stands for: no way to the goal, or (a table cut short) more than its last distance.
  let beyond = Number.POSITIVE_INFINITY;
  const build = (deadline?: number, team?: TableTeam) => {
    if (table !== null) return table;
    table = relaxedDistances(model, BEYOND - 1, deadline, team ?? null);
    beyond = table.complete ? Number.POSITIVE_INFINITY : table.reached + 1;
    return table;
  };
  const lookup = (index: number) => {
    if (index < 0) return 0;
    const d = distanceAt(build(), index);
    return d === BEYOND ? beyond : d;
  };
  // The images of each core the marker search asked about (`base`): a count, then that many indices.
  const bases = new Column(0);
  let used = 0;
  const heuristic: MarkerHeuristic = {
    name: "relaxed carry distance",
    tableEntries: model.size,
    prepare(deadline, team) {
      build(deadline, team);
    },
    shareTable: (count) => teamBuffers(count, model.size, model.virtualSize, model.groups),
    startTable: (team) => startFill(model, team),
    estimate(state) {
      const images = relaxed.imagesOf(state);
      if (images === null) return 0;
      let best = Number.POSITIVE_INFINITY;
      for (const image of images) best = Math.min(best, lookup(image));
      return best;
    },
    base(state) {
      // Outside the model: one image, -1, which estimates 0.
      const images = relaxed.basesOf(state) ?? [-1];
      const id = used;
      bases.set(used++, images.length);
      for (const image of images) bases.set(used++, image);
      return id;
    },
    at(id, marker) {
      const offset = relaxed.markerOffset(marker);
      if (offset < 0) return 0;
      const count = bases.get(id);
      let best = Number.POSITIVE_INFINITY;
      for (let i = 1; i <= count; i++) {
        const base = bases.get(id + i);
        best = Math.min(best, lookup(base < 0 ? -1 : base + offset));
      }
      return best;
    },
  };
  return heuristic;
};
