import { type Pack, Session } from "@gridponder/engine";
import { sceneToSvg } from "@gridponder/renderer-svg";
import type { LevelSequenceStory } from "@gridponder/schema";
import { type AssetCatalog, buildScene, createViewContext, resolveAsset } from "@gridponder/view";
import type { CatalogLevel, CatalogStory } from "./catalog-types.ts";
import { uniqueSlugs } from "./slugs.ts";
import { spriteUrl } from "./urls.ts";

/** A pack's levels in play order, with the story screens of its `levelSequence`. */
export interface PackLevels {
  readonly levels: CatalogLevel[];
  /** Story screens after the last level (an ending). */
  readonly epilogue: CatalogStory[];
  readonly storyCount: number;
}

function story(entry: LevelSequenceStory, assets: AssetCatalog, assetBase: string): CatalogStory {
  const ref = entry.image === undefined ? null : resolveAsset(assets, entry.image);
  return {
    ...(entry.title === undefined ? {} : { title: entry.title }),
    ...(entry.text === undefined ? {} : { text: entry.text }),
    ...(ref ? { imageUrl: spriteUrl(assetBase, ref) } : {}),
  };
}

/**
 * Every level in play order (`levelOrder`: the sequence, then level files outside it) with a slug, a
 * thumbnail of its start drawn from the view model, its gold path's length, its proven optimum when
 * `optima` has one, and the story screens that come right before it in the sequence.
 */
export function packLevels(
  pack: Pack,
  assets: AssetCatalog,
  assetBase: string,
  optima?: ReadonlyMap<string, number>,
): PackLevels {
  const ctx = createViewContext(pack, assets);
  const before = new Map<string, CatalogStory[]>();
  let pending: CatalogStory[] = [];
  let storyCount = 0;
  for (const entry of pack.game.levelSequence) {
    if (entry.type === "story") {
      pending.push(story(entry, assets, assetBase));
      storyCount++;
    } else {
      before.set(entry.ref, pending);
      pending = [];
    }
  }
  // The designed sequence: its level entries that name a level of the pack, in order.
  const positions = new Map<string, number>();
  for (const entry of pack.game.levelSequence)
    if (entry.type === "level" && Object.hasOwn(pack.levels, entry.ref) && !positions.has(entry.ref))
      positions.set(entry.ref, positions.size + 1);
  const slugs = uniqueSlugs(pack.levelOrder, "level");
  const levels = pack.levelOrder.map((id, index): CatalogLevel => {
    const def = pack.levels[id];
    const title = def?.title ?? id;
    const session = new Session(pack, id);
    return {
      id,
      title,
      index,
      position: positions.get(id) ?? null,
      slug: slugs[index] ?? id,
      thumbnailSvg: sceneToSvg(buildScene(ctx, session.level, session.state), { title }),
      goldLength: def?.solution.goldPath.length ?? 0,
      optimum: optima?.get(id) ?? null,
      storiesBefore: before.get(id) ?? [],
    };
  });
  return { levels, epilogue: pending, storyCount };
}
