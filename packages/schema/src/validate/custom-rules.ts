import { CONDITION_KEYS, EFFECT_KEYS, EVENT_TYPES } from "../types/rules/catalog.js";
import { type CustomType, checkCustomValue } from "./custom-types.js";
import { pointerOf } from "./diagnostics.js";
import { type FileDiagnostic, findTooDeep } from "./schema-check.js";
import { didYouMean, quote } from "./suggest.js";

/** Rule effect and condition keys the DSL does not define that a pack's rules may use (see `ValidateOptions`). */
export interface CustomRuleKeys {
  readonly effects?: Readonly<Record<string, CustomType>>;
  readonly conditions?: Readonly<Record<string, CustomType>>;
  /** Event types the DSL does not define that a rule may listen to (its `on`). */
  readonly events?: readonly string[];
}

type Part = "effects" | "conditions";

/** What stands in for a custom event type in a rule's `on`: one the DSL defines, with no payload. */
const EVENT_STAND_IN = "turn_ended";

/**
 * Per part of a rule: the keys the DSL defines, and what stands in for an entry the DSL's schema must
 * not see (one whose key is custom or unknown, reported here): an entry the schema accepts and that
 * holds no reference, so the file's other diagnostics and references are found as before.
 */
const PARTS: Record<
  Part,
  { readonly what: string; readonly dsl: readonly string[]; readonly stand: object }
> = {
  effects: { what: "effect", dsl: EFFECT_KEYS, stand: { resolve_move: {} } },
  conditions: { what: "condition", dsl: CONDITION_KEYS, stand: { all_of: [] } },
};

/** The combinators, whose values hold further conditions: a list, or one. */
const NESTING: ReadonlyMap<string, "list" | "one"> = new Map([
  ["all_of", "list"],
  ["any_of", "list"],
  ["not", "one"],
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * A custom key registered under a name the DSL defines: refused, since a rule could not say which of
 * the two it means. Located at the top of `file` (the game file), which every pack has.
 */
export function shadowedRuleKeys(custom: CustomRuleKeys): FileDiagnostic[] {
  const found: FileDiagnostic[] = [];
  for (const part of ["effects", "conditions"] as const) {
    const { what, dsl } = PARTS[part];
    for (const key of Object.keys(custom[part] ?? {}))
      if (dsl.includes(key))
        found.push({
          pointer: "",
          severity: "error",
          code: "custom-key-shadows",
          message: `the custom rule ${what} ${quote(key)} takes the name of one of the DSL's own ${what}s`,
          hint: `register it under a key of its own: a rule's ${quote(key)} always means the DSL's ${what}`,
        });
  }
  return found;
}

/** The custom keys that do not shadow a DSL key (those are refused by {@link shadowedRuleKeys}). */
function ownKeys(part: Part, custom: CustomRuleKeys): ReadonlyMap<string, CustomType> {
  const { dsl } = PARTS[part];
  return new Map(Object.entries(custom[part] ?? {}).filter(([key]) => !dsl.includes(key)));
}

/**
 * The `rules` of a game or level file made ready for the DSL's schema. A rule listening to a custom
 * event type listens, in the copy, to one the DSL defines. An effect or condition whose
 * key is custom has its value checked against the key's schema; one whose only key neither the DSL
 * nor `custom` defines is refused with the keys it may have meant. Both are replaced, in a copy, by an
 * entry the schema accepts, so every other entry keeps its pointer. The file itself is not changed.
 */
export function checkRuleKeys(
  file: Record<string, unknown>,
  custom: CustomRuleKeys,
): { readonly file: Record<string, unknown>; readonly diagnostics: FileDiagnostic[] } {
  const rules = file.rules;
  // Rules nested too deep are left to the schema, which refuses them before any walk.
  if (!Array.isArray(rules) || findTooDeep(rules) !== undefined) return { file, diagnostics: [] };
  const found: FileDiagnostic[] = [];
  const keys = { effects: ownKeys("effects", custom), conditions: ownKeys("conditions", custom) };
  const events = new Set(
    (custom.events ?? []).filter((type) => !(EVENT_TYPES as readonly string[]).includes(type)),
  );

  /** One effect or condition: itself, or its stand-in once reported. */
  const entry = (part: Part, value: unknown, at: string): unknown => {
    if (!isRecord(value)) return value;
    const { what, dsl, stand } = PARTS[part];
    const names = Object.keys(value);
    const customName = names.find((name) => keys[part].has(name));
    if (customName !== undefined) {
      if (names.length > 1)
        found.push({
          pointer: at,
          severity: "error",
          code: "schema",
          message: `a rule ${what} is an object with one key, naming the ${what}; found ${names.map(quote).join(", ")}`,
        });
      else {
        const schema = keys[part].get(customName)?.configSchema;
        if (schema)
          found.push(
            ...checkCustomValue(
              schema,
              value[customName],
              at + pointerOf(customName),
              `the ${what} ${quote(customName)}`,
            ),
          );
      }
      return stand;
    }
    const only = names.length === 1 ? names[0] : undefined;
    if (only === undefined || dsl.includes(only)) return value;
    const known = [...dsl, ...keys[part].keys()];
    found.push({
      pointer: at + pointerOf(only),
      severity: "error",
      code: `unknown-${what}`,
      message: `unknown rule ${what} ${quote(only)}${didYouMean(only, known)}`,
      hint: `the known ${what}s: ${known.join(", ")}`,
    });
    return stand;
  };

  const condition = (value: unknown, at: string): unknown => {
    const checked = entry("conditions", value, at);
    if (checked !== value || !isRecord(value)) return checked;
    const name = Object.keys(value).find((key) => NESTING.has(key));
    if (name === undefined) return value;
    const inner = value[name];
    const next =
      NESTING.get(name) === "one"
        ? condition(inner, at + pointerOf(name))
        : sameOr(inner, (item, i) => condition(item, at + pointerOf(name, i)));
    return next === inner ? value : { ...value, [name]: next };
  };

  // The fields of a rule that hold conditions or effects, and how each is checked.
  const parts: [string, (value: unknown, at: string) => unknown][] = [
    ["where", condition],
    ["if", condition],
    ["then", (effects, at) => sameOr(effects, (effect, j) => entry("effects", effect, at + pointerOf(j)))],
  ];
  const checked = sameOr(rules, (rule, i) => {
    if (!isRecord(rule)) return rule;
    const at = pointerOf("rules", i);
    const out = { ...rule };
    if (typeof rule.on === "string" && events.has(rule.on)) out.on = EVENT_STAND_IN;
    for (const [field, check] of parts)
      if (Object.hasOwn(rule, field)) out[field] = check(rule[field], at + pointerOf(field));
    return Object.keys(out).some((field) => out[field] !== rule[field]) ? out : rule;
  });
  return { file: checked === rules ? file : { ...file, rules: checked }, diagnostics: found };
}

/** `list` with each item mapped, or `list` itself when it is no array or no item changed. */
function sameOr(list: unknown, map: (item: unknown, i: number) => unknown): unknown {
  if (!Array.isArray(list)) return list;
  const mapped = list.map(map);
  return mapped.some((item, i) => item !== list[i]) ? mapped : list;
}
