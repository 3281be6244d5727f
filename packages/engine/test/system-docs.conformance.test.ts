import { readdirSync } from "node:fs";
import { join } from "node:path";
import { OWN_PACKS, puzzlePackNames } from "@gridponder/conformance-corpus/packs";
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../src/assembly/builtins.js";
import { boardState, prepareLevel } from "../src/assembly/level.js";
import { createRegistry } from "../src/assembly/registry.js";
import { loadCascade, runTurn } from "../src/assembly/turn.js";
import type { Pack, SystemContext, SystemDefinition } from "../src/contract/runtime.js";
import { loadPackFolder } from "../src/node.js";
import { FUZZ_PACKS, PACKS } from "./corpus.js";
import { documented, PHASES } from "./documented-systems.js";

// The events each system emits while every corpus level plays, held to the schema's `@gpEmits`.
describe("system docs against the corpus", () => {
  it("list every event each system emits while the corpus and its fuzz mutants play", async () => {
    // Each hook is wrapped so that the events it adds to the turn's log are put down to its system.
    const seen = new Map<string, Set<string>>();
    const wrappedSystems: SystemDefinition<never>[] = [];
    for (const [type, behaviour] of builtinRegistry.systems) {
      const wrapped: Record<string, unknown> = { ...behaviour };
      for (const phase of PHASES) {
        const hook = behaviour[phase] as
          | ((ctx: SystemContext<never>, ...rest: unknown[]) => void)
          | undefined;
        if (hook === undefined) continue;
        wrapped[phase] = (ctx: SystemContext<never>, ...rest: unknown[]) => {
          const before = ctx.turn.events.length;
          // Events of the rules a system runs over its own (`resolve`) are the rules', not the system's.
          let cut: number | null = null;
          const resolve = ctx.resolve;
          const watched = ctx as { resolve: SystemContext<never>["resolve"] };
          watched.resolve = (events) => {
            cut ??= ctx.turn.events.length;
            resolve.call(ctx, events);
          };
          try {
            hook.call(behaviour, ctx, ...rest);
          } finally {
            delete (watched as { resolve?: unknown }).resolve;
          }
          const types = seen.get(type) ?? new Set<string>();
          for (const e of ctx.turn.events.slice(before, cut ?? undefined)) types.add(e.type);
          seen.set(type, types);
        };
      }
      wrappedSystems.push(wrapped as unknown as SystemDefinition<never>);
    }
    const registry = createRegistry({
      systems: wrappedSystems,
      goals: [...builtinRegistry.goals.values()],
      loseConditions: [...builtinRegistry.loseConditions.values()],
    });
    let turns = 0;
    const emitted = new Set<string>();
    // The corpus, its mutants and this repository's packs (the only ones with NPCs so far).
    for (const root of [PACKS, FUZZ_PACKS, OWN_PACKS]) {
      for (const name of root === OWN_PACKS ? puzzlePackNames() : readdirSync(root).sort()) {
        const loaded = await loadPackFolder(join(root, name));
        if (!loaded.ok) continue;
        const pack: Pack = loaded.pack;
        for (const id of pack.levelOrder) {
          const level = prepareLevel(pack, id, registry);
          let state = loadCascade(pack, level, boardState(pack, level));
          for (const action of pack.levels[id]?.solution?.goldPath ?? []) {
            const result = runTurn(pack, level, state, action);
            for (const e of result.events) emitted.add(e.type);
            state = result.state;
            turns++;
          }
        }
      }
    }
    expect(turns).toBeGreaterThan(3000);
    const undocumented: string[] = [];
    for (const [type, types] of seen) {
      for (const t of types) if (!documented.get(type)?.emits.includes(t)) undocumented.push(`${type}: ${t}`);
    }
    expect(undocumented).toEqual([]);
    // Every event a turn reports, a system's or a rule effect's, is a registry entry views can read.
    expect(emitted.size).toBeGreaterThan(15);
    expect([...emitted].filter((t) => !builtinRegistry.events.has(t))).toEqual([]);
  });
});
