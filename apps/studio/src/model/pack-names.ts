/**
 * The names a pack declares, by the sort a schema field refers to (`gpRef`): kinds, layers, tags,
 * the level's variables, levels, goals, assets. The forms offer them as suggestions.
 * @module
 */
import type { GameDefinition, LevelDefinition } from "@gridponder/schema";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const strings = (values: Iterable<unknown>): string[] =>
  [...new Set([...values].filter((v): v is string => typeof v === "string"))].sort();

/** The names of `sort` in the game, the level being edited and the pack's files. */
export function packNames(
  sort: string,
  game: GameDefinition | null,
  level: LevelDefinition | null,
  paths: Iterable<string>,
): string[] {
  const kinds = game && isObject(game.entityKinds) ? Object.entries(game.entityKinds) : [];
  switch (sort) {
    case "kind":
      return strings(kinds.map(([k]) => k));
    case "layer":
      return strings(Array.isArray(game?.layers) ? game.layers.map((l) => l?.id) : []);
    case "tag":
      return strings(kinds.flatMap(([, def]) => (Array.isArray(def?.tags) ? def.tags : [])));
    case "variable":
      return strings(isObject(level?.state?.variables) ? Object.keys(level.state.variables) : []);
    case "level":
      return strings(
        (Array.isArray(game?.levelSequence) ? game.levelSequence : []).map((e) =>
          isObject(e) && e.type === "level" ? e.ref : undefined,
        ),
      );
    case "goal":
      return strings((Array.isArray(level?.goals) ? level.goals : []).map((g) => g?.id));
    case "asset":
      return strings([...paths].filter((p) => !p.endsWith(".json")));
    default:
      return [];
  }
}
