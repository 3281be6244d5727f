import type { Pack } from "@gridponder/engine";
import { levelFile, levelJson, type PackSource, withFiles } from "./pack-source.js";

/** One mechanic of a level: a system it runs, an action a player can take, or a rule. */
export interface Mechanic {
  readonly kind: "system" | "action" | "rule";
  /** The system's or action's id; a rule's id, else `game rule 3` / `level rule 1` (from 1). */
  readonly id: string;
  /** The system's type, the action's label, or the event a rule answers. */
  readonly detail: string;
}

/**
 * A mechanic's name in a list of a level's mechanics: its id, with its kind when another kind has the
 * same id (a system and the action it listens to are often both called `waystone`).
 */
export function mechanicLabel(m: Mechanic, all: readonly Mechanic[]): string {
  return all.some((o) => o.id === m.id && o.kind !== m.kind) ? `${m.id} (${m.kind})` : m.id;
}

/**
 * Whether a name picks a mechanic: its id, or `kind:id` (`system:waystone`) where ids are shared.
 */
export function namesMechanic(name: string, m: Mechanic): boolean {
  return name === m.id || name === `${m.kind}:${m.id}`;
}

interface RuleLike {
  readonly id?: string;
  readonly on?: string;
}

/** Whether a system runs in a level: its own `enabled`, unless the level's override says otherwise. */
function systemRuns(pack: Pack, levelId: string, systemId: string, enabledByDefault: boolean): boolean {
  const override = pack.levels[levelId]?.systemOverrides?.[systemId] as { enabled?: unknown } | undefined;
  return typeof override?.enabled === "boolean" ? override.enabled : enabledByDefault;
}

/** The mechanics a level has: the systems that run in it, every action, the pack's rules and its own. */
export function mechanicsOf(pack: Pack, levelId: string): Mechanic[] {
  const out: Mechanic[] = [];
  for (const s of pack.game.systems)
    if (systemRuns(pack, levelId, s.id, s.enabled !== false))
      out.push({ kind: "system", id: s.id, detail: s.type });
  for (const a of pack.game.actions) out.push({ kind: "action", id: a.id, detail: a.label ?? a.id });
  const rules = (list: readonly RuleLike[] | undefined, scope: string) => {
    for (const [i, r] of (list ?? []).entries())
      out.push({ kind: "rule", id: r.id ?? `${scope} rule ${i + 1}`, detail: r.on ?? "" });
  };
  rules(pack.game.rules as readonly RuleLike[] | undefined, "game");
  rules(pack.levels[levelId]?.rules as readonly RuleLike[] | undefined, "level");
  return out;
}

/**
 * The same pack without an action among those a player can choose (the solver and the engine's
 * `legalActions` list `game.actions`); systems that name the action keep their config, so the pack
 * is not re-validated, which would refuse the dangling names.
 */
export function packWithoutAction(pack: Pack, actionId: string): Pack {
  const game = { ...pack.game, actions: pack.game.actions.filter((a) => a.id !== actionId) };
  return Object.create(pack, { game: { value: Object.freeze(game), enumerable: true } });
}

/** The pack with one mechanic taken out of the level (a system switched off, a rule left out). */
export function withoutMechanic(source: PackSource, levelId: string, mechanic: Mechanic): Pack {
  if (mechanic.kind === "action") return packWithoutAction(source.pack, mechanic.id);
  const file = levelFile(source, levelId);
  const level = levelJson(source, levelId);
  if (mechanic.kind === "system") {
    const overrides = (level.systemOverrides ?? {}) as Record<string, Record<string, unknown>>;
    level.systemOverrides = {
      ...overrides,
      [mechanic.id]: { ...(overrides[mechanic.id] ?? {}), enabled: false },
    };
    return withFiles(source, { [file]: JSON.stringify(level) }).pack;
  }
  const drop = (list: readonly RuleLike[], scope: string) =>
    list.filter((r, i) => (r.id ?? `${scope} rule ${i + 1}`) !== mechanic.id);
  const levelRules = (level.rules ?? []) as RuleLike[];
  if (levelRules.some((r, i) => (r.id ?? `level rule ${i + 1}`) === mechanic.id)) {
    level.rules = drop(levelRules, "level");
    return withFiles(source, { [file]: JSON.stringify(level) }).pack;
  }
  const game = JSON.parse(source.files["game.json"] as string) as { rules?: RuleLike[] };
  game.rules = drop(game.rules ?? [], "game");
  return withFiles(source, { "game.json": JSON.stringify(game) }).pack;
}
