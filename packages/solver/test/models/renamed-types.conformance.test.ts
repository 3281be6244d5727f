import { join } from "node:path";
import {
  builtinRegistry,
  type GameState,
  type LevelRuntime,
  loadPack,
  type Pack,
  Session,
  type SystemDefinition,
} from "@gridponder/engine";
import { readPackFolder } from "@gridponder/schema/node";
import { describe, expect, it } from "vitest";
import { solveLevel } from "../../src/index.js";
import {
  actionBoundLayers,
  areaGrowthLevel,
  avatarReach,
  contentBlindLayers,
  creatableKinds,
  fixedCells,
  fixedGroundKinds,
  goalSupply,
  hasFreeTurns,
  levelRoles,
  movedLayers,
  originFreeTeleports,
  pendingMoveKey,
  placementLevel,
  reachTargetsStayPut,
  relaxedCarry,
  slipperyGroundPossible,
  targetLocks,
} from "../../src/models/index.js";
import { PACKS } from "./corpus.js";

/**
 * Every model of `src/models` and every heuristic reads what systems, goals and lose conditions
 * declare, never a type name. So a pack whose every system, goal and lose condition type is renamed
 * (the same definitions, registered under names no model has heard of) must give every model the same
 * answer, and the solver the same optimum by the same heuristics. Each model named below is exercised (built, not `null`) on at least one of the levels.
 */
const RENAMED_PREFIX = "renamed_";

/** A definition again under a name nobody knows: same hooks, same declarations. */
const renamedAs = <D extends { readonly type: string }>(definition: D): D => ({
  ...definition,
  type: `${RENAMED_PREFIX}${definition.type}`,
});

/** The built-in systems, goals and lose conditions again, each under a name nobody knows. */
const renamedRegistry = builtinRegistry.extend({
  systems: [...builtinRegistry.systems.values()].map(renamedAs) as SystemDefinition<never>[],
  goals: [...builtinRegistry.goals.values()].map(renamedAs),
  loseConditions: [...builtinRegistry.loseConditions.values()].map(renamedAs),
});

/** A level file with its goal and lose condition types renamed. */
function renamedLevel(text: string): string {
  const level = JSON.parse(text) as { goals?: { type: string }[]; loseConditions?: { type: string }[] };
  for (const entry of [...(level.goals ?? []), ...(level.loseConditions ?? [])])
    entry.type = `${RENAMED_PREFIX}${entry.type}`;
  return JSON.stringify(level);
}

/** A corpus pack loaded twice: as it is, and with every system, goal and lose condition type renamed. */
async function packTwice(name: string): Promise<{ original: Pack; renamed: Pack }> {
  const files = await readPackFolder(join(PACKS, name));
  const original = loadPack(files);
  const game = JSON.parse(files["game.json"] as string) as { systems: { type: string }[] };
  for (const system of game.systems) system.type = `${RENAMED_PREFIX}${system.type}`;
  const levels = Object.entries(files)
    .filter(([path]) => path.startsWith("levels/") && path.endsWith(".json"))
    .map(([path, text]) => [path, renamedLevel(String(text))]);
  const renamed = loadPack(
    { ...files, ...Object.fromEntries(levels), "game.json": JSON.stringify(game) },
    { registry: renamedRegistry },
  );
  if (!original.ok || !renamed.ok) throw new Error(`${name} must load both ways`);
  return { original: original.pack, renamed: renamed.pack };
}

/** The state after each action of `path` from the level's start, the start included. */
function statesAlong(pack: Pack, id: string, path: readonly unknown[]): GameState[] {
  const session = new Session(pack, id);
  const states = [session.initial];
  for (const action of path) {
    session.act(action as never);
    states.push(session.state);
  }
  return states;
}

/** Sets and typed arrays as plain lists, so two answers compare by content. */
const plain = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value ?? null, (_key, v) =>
      v instanceof Set ? [...v].sort() : ArrayBuffer.isView(v) ? [...(v as Uint8Array)] : v,
    ),
  );

/**
 * What every model says about a level, as data: built once from the level's start, and asked about
 * every state of `states` where the model answers per state. `built` names the models not `null`.
 */
function modelAnswers(pack: Pack, level: LevelRuntime, states: readonly GameState[]) {
  const start = states[0] as GameState;
  const carry = relaxedCarry(pack, level, start);
  const supply = goalSupply(pack, level, start);
  const locks = targetLocks(pack, level, start);
  const key = pendingMoveKey(pack, level, start);
  const bound = actionBoundLayers(pack, level);
  const teleports = originFreeTeleports(pack, level);
  const blind = contentBlindLayers(pack, level);
  const ground = pack.layerIndex.get("ground") ?? -1;
  const answers = {
    roles: plain(levelRoles(pack, level)),
    relaxedCarry:
      carry === null
        ? null
        : {
            size: carry.model.size,
            slippery: carry.slippery,
            pendingRegions: carry.layout.regions.count,
            regionOf: plain(carry.layout.regions.regionOf),
            images: states.map((s) => carry.imagesOf(s)),
          },
    placement: plain(placementLevel(pack, level)),
    areaGrowth: plain(areaGrowthLevel(pack, level)),
    goalSupply: supply === null ? null : { kinds: supply.kinds, short: states.map((s) => supply.short(s)) },
    targetLocks: locks === null ? null : { items: locks.items, locked: states.map((s) => locks.locked(s)) },
    pendingMoveKey: states.map((s) => key(s)),
    actionBoundLayers: plain(bound),
    originFreeTeleports: teleports.map((t) => ({
      action: t.action,
      applies: states.map((s) => t.applies(s)),
    })),
    contentBlindLayers: plain(blind),
    creatableKinds: plain(creatableKinds(pack, level)),
    fixedCells: plain(fixedCells(pack, level, start)),
    fixedGroundKinds: plain(fixedGroundKinds(pack, level, ground)),
    slipperyGround: slipperyGroundPossible(pack, level, start, "slippery"),
    movedLayers: plain(movedLayers(pack, level)),
    avatarReach: avatarReach(level),
    hasFreeTurns: hasFreeTurns(level),
    reachTargetsStayPut: reachTargetsStayPut(pack, level),
  };
  const built = [
    ...(carry === null ? [] : ["relaxed carry", "pending regions"]),
    ...(answers.placement === null ? [] : ["placement"]),
    ...(answers.areaGrowth === null ? [] : ["area growth"]),
    ...(supply === null ? [] : ["goal supply"]),
    ...(locks === null ? [] : ["target locks"]),
    ...(bound.length === 0 ? [] : ["action-bound layers"]),
    ...(teleports.length === 0 ? [] : ["origin-free teleports"]),
    ...(blind.size === 0 ? [] : ["content-blind layers"]),
  ];
  return { answers, built };
}

/** One small level per model (see `built`), with what it must exercise. */
const LEVELS: readonly (readonly [pack: string, level: string, models: readonly string[]])[] = [
  [
    "twinseed",
    "tw_007",
    ["relaxed carry", "pending regions", "placement", "action-bound layers", "origin-free teleports"],
  ],
  [
    "twinseed",
    "tw_016",
    ["relaxed carry", "pending regions", "action-bound layers", "origin-free teleports"],
  ],
  ["flood_colors", "fl_001", ["area growth"]],
  ["carrot_quest", "fw_004", ["goal supply", "target locks"]],
  ["rotate_flip", "rf_001", ["goal supply", "content-blind layers"]],
];

describe("every model gives the same answers, and the solver the same optimum, under renamed types", () => {
  it("covers every model on the levels below", () => {
    const covered = new Set(LEVELS.flatMap(([, , models]) => models));
    for (const model of [
      "relaxed carry",
      "pending regions",
      "placement",
      "area growth",
      "goal supply",
      "target locks",
      "action-bound layers",
      "origin-free teleports",
      "content-blind layers",
    ])
      expect(covered, model).toContain(model);
  });

  it.each(LEVELS)(
    "%s %s",
    async (name, id, models) => {
      const { original, renamed } = await packTwice(name);
      const level = new Session(renamed, id).level;
      for (const entry of [...level.systems, ...level.goals, ...level.loseConditions])
        expect(entry.type.startsWith(RENAMED_PREFIX)).toBe(true);
      const solved = solveLevel(original, id);
      const solvedRenamed = solveLevel(renamed, id);
      expect(solved.status).toBe("solved");
      expect([solvedRenamed.status, solvedRenamed.optimalLength, solvedRenamed.heuristic]).toEqual([
        solved.status,
        solved.optimalLength,
        solved.heuristic,
      ]);
      // The models, asked about every state along the optimal solution, answer alike both ways.
      const path = solved.solution ?? [];
      const mine = modelAnswers(original, new Session(original, id).level, statesAlong(original, id, path));
      const theirs = modelAnswers(renamed, level, statesAlong(renamed, id, path));
      expect(theirs.answers).toEqual(mine.answers);
      for (const model of models) expect(theirs.built, model).toContain(model);
    },
    300_000,
  );
});
