/**
 * Which files of the shared collections a pack can ever draw. A collection such as `gridponder-base`
 * holds megabytes of art (high-resolution illustrations among them) that most packs never show, and a
 * player resolves sprites under each pack's own asset base, so publishing every collection file with
 * every pack would multiply the site's size.
 */
import { type Pack, Session } from "@gridponder/engine";
import type { Direction } from "@gridponder/schema";
import {
  type AssetCatalog,
  avatarAppearance,
  buildScene,
  createViewContext,
  type SpriteRef,
} from "@gridponder/view";

function basename(path: string): string {
  const p = path.replace(/\\/g, "/");
  return p.slice(p.lastIndexOf("/") + 1);
}

function everyString(value: unknown, out: Set<string>): void {
  if (typeof value === "string") out.add(value);
  else if (Array.isArray(value)) for (const v of value) everyString(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) everyString(v, out);
}

function templatePattern(name: string): RegExp {
  const parts = name.split(/\{[^{}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`);
}

const STATES = ["idle", "moving", "pushing"];
const FACINGS: readonly Direction[] = ["up", "down", "left", "right"];

/**
 * The avatar sprites the view may pick (theme sprite map, or the default rabbit of a collection); none
 * when no level has an avatar.
 */
function avatarRefs(pack: Pack, catalog: AssetCatalog): SpriteRef[] {
  const ctx = createViewContext(pack, catalog);
  const hasAvatar = pack.levelOrder.some((id) => {
    const session = new Session(pack, id);
    return buildScene(ctx, session.level, session.state).avatar !== null;
  });
  if (!hasAvatar) return [];
  const states = new Set([...STATES, ...Object.keys(pack.theme?.avatar?.sprites ?? {})]);
  const refs: SpriteRef[] = [];
  for (const state of states)
    for (const facing of FACINGS) {
      const choice = avatarAppearance(ctx, state, facing);
      if (choice.sprite) refs.push(choice.sprite);
      if (choice.animation) refs.push(...choice.animation.frames);
    }
  return refs;
}

/**
 * The catalog trimmed to the collection files the pack can reach: the view resolves a sprite path by
 * exact path, by the path without `assets/`, by `sprites/tiles/<basename>` or by basename, so every file
 * it can pick has the basename of some string in the pack (with `{param}` standing for any text), or is
 * one of the avatar sprites the view chooses by itself. Files sharing a basename are kept together, so
 * resolution picks the same file as with the full catalog.
 */
export function reachableCatalog(pack: Pack, catalog: AssetCatalog): AssetCatalog {
  const strings = new Set<string>();
  everyString([pack.manifest, pack.game, pack.theme ?? null, pack.levels], strings);
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const s of strings) {
    const name = basename(s);
    if (name === "") continue;
    if (/\{[^{}]*\}/.test(name)) patterns.push(templatePattern(name));
    else exact.add(name);
  }
  const avatar = avatarRefs(pack, catalog);
  const keep = (collection: string, file: string) => {
    const name = basename(file);
    return (
      exact.has(name) ||
      patterns.some((p) => p.test(name)) ||
      avatar.some((ref) => ref.collection === collection && ref.path === file)
    );
  };
  return {
    packFiles: catalog.packFiles,
    collections: catalog.collections.map((c) => ({ id: c.id, files: c.files.filter((f) => keep(c.id, f)) })),
  };
}
