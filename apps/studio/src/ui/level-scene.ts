/**
 * The painter's picture of a level: the scene the player would show at the level's start, built from
 * the last pack that prepared and the level as it is being painted. A stroke redraws through here at
 * every cell, without validating the whole pack (that follows once the stroke pauses).
 * @module
 */
import type { Pack } from "@gridponder/engine";
import type { LevelDefinition } from "@gridponder/schema";
import { type AssetCatalog, type Scene, ViewController } from "@gridponder/view";

/** The pack with `level` in place of the level of the same id. */
export function withLevel(pack: Pack, level: LevelDefinition): Pack {
  const levels: Record<string, LevelDefinition> = Object.assign(Object.create(null), pack.levels);
  levels[level.id] = level;
  return { ...pack, levels };
}

/** The scene of `level` at its start, or the reason it cannot be drawn. */
export function levelScene(
  pack: Pack,
  level: LevelDefinition,
  assets: AssetCatalog,
): { scene: Scene; error: null } | { scene: null; error: string } {
  try {
    const controller = new ViewController(withLevel(pack, level), level.id, { assets, reducedMotion: true });
    return { scene: controller.scene, error: null };
  } catch (error) {
    return { scene: null, error: error instanceof Error ? error.message : String(error) };
  }
}
