/**
 * The painter's picture of a level: the scene the player would show at the level's start, built from
 * the last pack that prepared and the level as it is being painted. A stroke redraws through here at
 * every cell, without validating the whole pack (that follows once the stroke pauses).
 * @module
 */
import { type Pack, Session } from "@gridponder/engine";
import type { LevelDefinition } from "@gridponder/schema";
import {
  type AssetCatalog,
  buildScene,
  createViewContext,
  type Scene,
  type ViewContext,
} from "@gridponder/view";

/** The pack with `level` in place of the level of the same id. */
export function withLevel(pack: Pack, level: LevelDefinition): Pack {
  const levels: Record<string, LevelDefinition> = Object.assign(Object.create(null), pack.levels);
  levels[level.id] = level;
  return { ...pack, levels };
}

/**
 * The view context the last scene was built with, and what it was made for. A context caches
 * appearances per pack, and the goal grids of a level by its id: it serves the next scene only while
 * the pack, its images and the level's goals and size are the ones it was made for, which holds for
 * every cell of a stroke.
 */
interface ContextFor {
  readonly pack: Pack;
  readonly assets: AssetCatalog;
  readonly levelId: string;
  readonly goals: LevelDefinition["goals"];
  readonly size: unknown;
  readonly ctx: ViewContext;
}

let last: ContextFor | null = null;

const sameList = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

function sameAssets(a: AssetCatalog, b: AssetCatalog): boolean {
  return sameList(a.packFiles, b.packFiles) && sameList(a.collections, b.collections);
}

function sameSize(a: unknown, b: unknown): boolean {
  return (
    a === b ||
    (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]))
  );
}

function contextFor(pack: Pack, level: LevelDefinition, assets: AssetCatalog): ViewContext {
  const reuse =
    last !== null &&
    last.pack === pack &&
    last.levelId === level.id &&
    last.goals === level.goals &&
    sameSize(last.size, level.board?.size) &&
    sameAssets(last.assets, assets);
  if (reuse && last) return last.ctx;
  // The context's pack is the pack the level came from: scenes read kinds, layers and theme from it,
  // which a level edit does not change; the level itself comes from the session.
  const ctx = createViewContext(pack, assets);
  last = { pack, assets, levelId: level.id, goals: level.goals, size: level.board?.size, ctx };
  return ctx;
}

/**
 * The scene of `level` at its start, or the reason it cannot be drawn. The same scene a fresh
 * `ViewController` of the level shows (a session's state after loading, through `buildScene`), with
 * the view context kept from one call to the next while it still fits.
 */
export function levelScene(
  pack: Pack,
  level: LevelDefinition,
  assets: AssetCatalog,
): { scene: Scene; error: null } | { scene: null; error: string } {
  try {
    const session = new Session(withLevel(pack, level), level.id);
    return { scene: buildScene(contextFor(pack, level, assets), session.level, session.state), error: null };
  } catch (error) {
    return { scene: null, error: error instanceof Error ? error.message : String(error) };
  }
}
