/**
 * Anonymisation: a pack's words replaced by neutral aliases for one run, so an agent must reason from
 * the rules rather than from what a "crate" or a "lantern" usually does. Kinds become `k1`, `k2`, …
 * (their names `thing 1`, …), actions `a1`, …, the values of their enum parameters `v1`, …, levels
 * `L1`, …; numbering is shuffled by the run's seed. Directions, tags and the systems' descriptions stay:
 * they are the rules' own vocabulary. The pack's prose (titles, descriptions, story) is left out.
 * @module
 */
import type { Pack } from "@gridponder/engine";
import { displayName } from "@gridponder/view";
import { seededRandom } from "./harness/random.js";

export interface Aliases {
  /** Every pack word and its alias, longest word first (the order replacements are made in). */
  readonly words: readonly (readonly [word: string, alias: string])[];
  /** Alias → the pack's own word, for what the agent sends back. */
  readonly back: ReadonlyMap<string, string>;
  /** The pack's own word → alias, for exact values. */
  readonly forth: ReadonlyMap<string, string>;
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const DIRECTIONS = new Set(["up", "down", "left", "right", "up_left", "up_right", "down_left", "down_right"]);

/** Aliases for a pack, numbered in an order shuffled by `seed`. */
export function makeAliases(pack: Pack, seed: number): Aliases {
  const forth = new Map<string, string>();
  const names: [string, string][] = [];
  shuffled([...pack.kinds.keys()], seed).forEach((kind, i) => {
    forth.set(kind, `k${i + 1}`);
    const name = displayName(pack, kind);
    if (name && name !== kind) names.push([name, `thing ${i + 1}`]);
  });
  shuffled(
    pack.game.actions.map((a) => a.id),
    seed + 1,
  ).forEach((id, i) => {
    if (!forth.has(id)) forth.set(id, `a${i + 1}`);
  });
  const values = new Set<string>();
  for (const action of pack.game.actions)
    for (const spec of Object.values(action.params ?? {}))
      if (spec.type === "enum")
        for (const v of spec.values)
          if (typeof v === "string" && !DIRECTIONS.has(v) && !forth.has(v)) values.add(v);
  for (const [i, v] of shuffled([...values], seed + 2).entries()) forth.set(v, `v${i + 1}`);
  shuffled([...pack.levelOrder], seed + 3).forEach((id, i) => {
    if (!forth.has(id)) forth.set(id, `L${i + 1}`);
  });
  const words: [string, string][] = [...names, ...forth];
  words.sort((a, b) => b[0].length - a[0].length);
  return { words, forth, back: new Map([...forth].map(([w, a]) => [a, w])) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const patterns = new WeakMap<Aliases, RegExp>();

/** A text with every pack word (whole words, any case) replaced by its alias. */
export function aliasText(text: string, aliases: Aliases): string {
  let pattern = patterns.get(aliases);
  if (!pattern) {
    const alternatives = aliases.words.map(([w]) => escapeRegExp(w).replace(/[_ ]/g, "[_ ]"));
    pattern = new RegExp(`(?<![A-Za-z0-9])(?:${alternatives.join("|")})(?![A-Za-z0-9])`, "gi");
    patterns.set(aliases, pattern);
  }
  if (aliases.words.length === 0) return text;
  const lookup = new Map(aliases.words.map(([w, a]) => [w.toLowerCase().replace(/[_ ]/g, " "), a]));
  return text.replace(pattern, (match) => lookup.get(match.toLowerCase().replace(/[_ ]/g, " ")) ?? match);
}

/**
 * Fields whose values are the protocol's own words (or an image's bytes), never a pack's: a kind
 * named `start` must not turn a response's `type` into an alias.
 */
const PROTOCOL_FIELDS = new Set(["type", "status", "outcome", "form", "mimeType", "code"]);

/** A JSON value with its pack words aliased: exact values by their alias, other strings word by word. */
export function aliasValue<T>(value: T, aliases: Aliases): T {
  if (typeof value === "string") return (aliases.forth.get(value) ?? aliasText(value, aliases)) as T;
  if (Array.isArray(value)) return value.map((v) => aliasValue(v, aliases)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const kept = typeof v === "string" && (PROTOCOL_FIELDS.has(k) || k === "data");
      out[k] = kept ? v : aliasValue(v, aliases);
    }
    return out as T;
  }
  return value;
}

/** What an agent sent, in the pack's own words again: aliases of actions, values, kinds and levels. */
export function unaliasValue<T>(value: T, aliases: Aliases): T {
  if (typeof value === "string") return (aliases.back.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((v) => unaliasValue(v, aliases)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = unaliasValue(v, aliases);
    return out as T;
  }
  return value;
}
