import type { Rule } from "@gridponder/schema";
import type { Pack } from "../pack.js";
import { compileCondition, type Test } from "./conditions.js";
import { compileEffect, type EffectRunner } from "./effects.js";

/** A rule ready to run. `order` is its position in evaluation order, which also keys its `once` mark. */
export interface CompiledRule {
  readonly id: string;
  readonly order: number;
  readonly on: string;
  readonly once: boolean;
  readonly where: Test | null;
  readonly when: Test | null;
  readonly effects: readonly EffectRunner[];
  /** The rule as written, for analyses of what a level can ever do (see `pending-move.ts`). */
  readonly source: Rule;
}

/** Rules grouped by the event type they listen to, each group in evaluation order. */
export interface RuleBook {
  readonly all: readonly CompiledRule[];
  readonly byEvent: ReadonlyMap<string, readonly CompiledRule[]>;
}

/**
 * Orders game rules then level rules, stably by priority (highest first), and compiles their
 * conditions and effects once for the level.
 */
export function compileRules(pack: Pack, gameRules: readonly Rule[], levelRules: readonly Rule[]): RuleBook {
  const declared = [...gameRules, ...levelRules].map((rule, i) => ({ rule, i }));
  declared.sort((a, b) => (b.rule.priority ?? 0) - (a.rule.priority ?? 0) || a.i - b.i);
  const all = declared.map(({ rule }, order) => ({
    id: rule.id,
    order,
    on: rule.on,
    once: rule.once === true,
    where: rule.where ? compileCondition(pack, rule.where) : null,
    when: rule.if ? compileCondition(pack, rule.if) : null,
    effects: rule.then.map((effect) => compileEffect(pack, effect)),
    source: rule,
  }));
  const byEvent = new Map<string, CompiledRule[]>();
  for (const rule of all) {
    const list = byEvent.get(rule.on);
    if (list) list.push(rule);
    else byEvent.set(rule.on, [rule]);
  }
  return { all, byEvent };
}
