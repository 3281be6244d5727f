import type { Effect, Rule } from "@gridponder/schema";
import type { CompiledRule, EffectRunner, Pack, RuleBook, Test } from "../contract/runtime.js";
import { compileCondition } from "./conditions.js";

/** What compiling one rule yields, independent of where it lands in evaluation order. */
interface CompiledParts {
  readonly where: Test | null;
  readonly when: Test | null;
  readonly effects: readonly EffectRunner[];
}

/**
 * Per pack: each rule's compiled parts, and the rule book of levels that add no rules of their own.
 * A pack's game rules are the same for every level, so compiling them per session was repeated work.
 */
interface PackRules {
  readonly parts: WeakMap<Rule, CompiledParts>;
  gameOnly: { readonly rules: readonly Rule[]; readonly book: RuleBook } | null;
}
const packRules = new WeakMap<Pack, PackRules>();

/**
 * Orders game rules then level rules, stably by priority (highest first), and compiles their
 * conditions and effects (once per pack and rule: compiled rules are pure functions of both).
 */
export function compileRules(pack: Pack, gameRules: readonly Rule[], levelRules: readonly Rule[]): RuleBook {
  let cached = packRules.get(pack);
  if (cached === undefined) {
    cached = { parts: new WeakMap(), gameOnly: null };
    packRules.set(pack, cached);
  }
  if (levelRules.length === 0 && cached.gameOnly?.rules === gameRules) return cached.gameOnly.book;
  const book = orderAndCompile(pack, cached.parts, gameRules, levelRules);
  if (levelRules.length === 0) cached.gameOnly = { rules: gameRules, book };
  return book;
}

function orderAndCompile(
  pack: Pack,
  parts: WeakMap<Rule, CompiledParts>,
  gameRules: readonly Rule[],
  levelRules: readonly Rule[],
): RuleBook {
  const declared = [...gameRules, ...levelRules].map((rule, i) => ({ rule, i }));
  declared.sort((a, b) => (b.rule.priority ?? 0) - (a.rule.priority ?? 0) || a.i - b.i);
  const all = declared.map(({ rule }, order): CompiledRule => {
    let compiled = parts.get(rule);
    if (compiled === undefined) {
      compiled = {
        where: rule.where ? compileCondition(pack, rule.where) : null,
        when: rule.if ? compileCondition(pack, rule.if) : null,
        effects: rule.then.map((effect) => compileEffect(pack, effect)),
      };
      parts.set(rule, compiled);
    }
    return {
      id: rule.id,
      order,
      on: rule.on,
      once: rule.once === true,
      where: compiled.where,
      when: compiled.when,
      effects: compiled.effects,
      source: rule,
    };
  });
  const byEvent = new Map<string, CompiledRule[]>();
  for (const rule of all) {
    const list = byEvent.get(rule.on);
    if (list) list.push(rule);
    else byEvent.set(rule.on, [rule]);
  }
  return { all, byEvent, types: [...byEvent.keys()], groups: [...byEvent.values()] };
}

/** Compiles one effect of a rule with the effect type its key names in the pack's registry. */
export function compileEffect(pack: Pack, effect: Effect): EffectRunner {
  const [key, fields] = Object.entries(effect)[0] as [string, unknown];
  const definition = pack.registry.effects.get(key);
  if (definition === undefined) throw new Error(`unknown effect ${JSON.stringify(key)}`);
  return definition.compile(pack, (fields ?? {}) as never);
}
