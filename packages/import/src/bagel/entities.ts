/**
 * Entities and boards: the `Grid` (the match board), `Space` containers (zones: a per-player one a hand,
 * `contentsHiddenFrom` its visibility), per-player records on the personal board (a score: seat
 * variables), and piece and card types (definitions of one name are one type; their own members and
 * `state` are attributes, `player` the owner, `count` how many the bank holds).
 * @module
 */
import type { InitialValue } from "@gridponder/match/validate";
import { at, describe, isRecord } from "../findings.js";
import {
  type AttrInfo,
  type BagelContext,
  MAX_INSTANCES,
  type PieceTypeInfo,
  seatNumber,
} from "./context.js";
import { entityTypeOf } from "./shorthand.js";

const OWN_KEYS = new Set([
  "name",
  "entityType",
  "type",
  "perPlayer",
  "count",
  "state",
  "displayProperties",
  "contentsHiddenFrom",
  "width",
  "height",
  "player",
]);

function names(cx: BagelContext, key: string): Set<string> {
  const out = new Set<string>();
  const list = cx.root[key];
  if (list === undefined) return out;
  const p = at("", key);
  if (!Array.isArray(list)) {
    cx.error(p, "expected-list", `expected a list of matchers, found ${describe(list)}`);
    return out;
  }
  list.forEach((m, i) => {
    const n = isRecord(m) && Object.hasOwn(m, "name") ? m.name : undefined;
    const name = cx.name(n, at(p, i, "name"), "entity");
    if (name !== undefined) out.add(name);
  });
  return out;
}

function display(cx: BagelContext, e: Record<string, unknown>, pointer: string): string[] {
  const d = Object.hasOwn(e, "displayProperties") ? e.displayProperties : undefined;
  if (d === undefined) return [];
  if (!Array.isArray(d) || !d.every((x) => typeof x === "string")) {
    cx.error(
      at(pointer, "displayProperties"),
      "expected-names",
      `expected a list of property names, found ${describe(d)}`,
    );
    return [];
  }
  return d as string[];
}

function countOf(cx: BagelContext, e: Record<string, unknown>, pointer: string): number | undefined {
  if (!Object.hasOwn(e, "count")) return 1;
  const c = e.count;
  if (c === "Infinity") return Number.POSITIVE_INFINITY;
  if (typeof c !== "number" || !Number.isInteger(c) || c < 0) {
    cx.error(
      at(pointer, "count"),
      "bad-count",
      `expected a whole number or "Infinity", found ${describe(c)}`,
    );
    return undefined;
  }
  if (c > MAX_INSTANCES) {
    cx.error(
      at(pointer, "count"),
      "count-too-large",
      `a count of ${c} is more than the ${MAX_INSTANCES} instances an import creates; write "Infinity" for an unbounded bank`,
    );
    return undefined;
  }
  return c;
}

function addAttr(
  cx: BagelContext,
  t: PieceTypeInfo,
  key: string,
  value: unknown,
  pointer: string,
): InitialValue | undefined {
  if (cx.name(key, pointer, "property") === undefined) return undefined;
  const kind: AttrInfo["type"] | undefined =
    typeof value === "boolean"
      ? "bool"
      : typeof value === "number" && Number.isInteger(value)
        ? "int"
        : typeof value === "string"
          ? "enum"
          : undefined;
  if (kind === undefined) {
    cx.error(
      pointer,
      "bad-state",
      `expected a whole number, a boolean or a string, found ${describe(value)}`,
    );
    return undefined;
  }
  const a = t.attrs.get(key);
  if (a === undefined)
    t.attrs.set(key, {
      type: kind,
      labels: kind === "enum" ? [value as string] : [],
      initial: value as InitialValue,
    });
  else if (a.type !== kind) {
    cx.error(
      pointer,
      "mixed-state",
      `"${key}" holds ${a.type === "enum" ? "strings" : a.type === "bool" ? "booleans" : "numbers"} elsewhere and ${describe(value)} here`,
    );
    return undefined;
  } else if (kind === "enum" && !a.labels.includes(value as string)) {
    if (a.labels.length >= 64) {
      cx.error(pointer, "too-many-labels", `"${key}" takes more than 64 different strings`);
      return undefined;
    }
    a.labels.push(value as string);
  }
  return value as InitialValue;
}

/** Reads `entities`, `sharedBoard`, `personalBoard` and the players. */
export function readEntities(cx: BagelContext): void {
  const personal = names(cx, "personalBoard");
  const shared = names(cx, "sharedBoard");
  const list = cx.root.entities;
  if (!Array.isArray(list)) {
    cx.error("/entities", "expected-entities", `expected a list of entities, found ${describe(list)}`);
    return;
  }
  if (list.length > 2000) {
    cx.error("/entities", "too-many", `${list.length} entities; an import reads at most 2000`);
    return;
  }
  const seen = new Map<string, string>();
  list.forEach((e, i) => {
    const p = at("/entities", i);
    if (!isRecord(e)) {
      cx.error(p, "expected-entity", `expected an entity object, found ${describe(e)}`);
      return;
    }
    const name = cx.name(Object.hasOwn(e, "name") ? e.name : undefined, at(p, "name"), "entity");
    if (name === undefined) return;
    const kind = entityTypeOf(e);
    const earlier = seen.get(name);
    if (earlier !== undefined && (kind === "Grid" || kind === "Space" || earlier !== "piece")) {
      cx.error(
        at(p, "name"),
        "duplicate-entity",
        `a second entity named "${name}" (only pieces and cards may share a name)`,
      );
      return;
    }
    seen.set(name, kind === "Grid" || kind === "Space" ? String(kind) : "piece");
    const perPlayer = Object.hasOwn(e, "perPlayer") ? e.perPlayer : false;
    if (typeof perPlayer !== "boolean") {
      cx.error(
        at(p, "perPlayer"),
        "expected-boolean",
        `expected true or false, found ${describe(perPlayer)}`,
      );
      return;
    }
    if (kind === "Grid") {
      const w = e.width;
      const h = e.height;
      for (const [k, v] of [
        ["width", w],
        ["height", h],
      ] as const)
        if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > 26) {
          cx.error(at(p, k), "bad-size", `expected a whole number from 1 to 26, found ${describe(v)}`);
          return;
        }
      if (cx.grid !== undefined) {
        cx.unsupported(p, "a second Grid", "the match board is one grid");
        return;
      }
      cx.grid = { name, pointer: p, width: w as number, height: h as number };
      if (perPlayer) cx.unsupported(at(p, "perPlayer"), "a per-player grid", "the match board is shared");
      return;
    }
    if (kind === "Space") {
      const hidden = Object.hasOwn(e, "contentsHiddenFrom") ? e.contentsHiddenFrom : undefined;
      if (hidden !== undefined && hidden !== "All" && hidden !== "Others") {
        cx.error(
          at(p, "contentsHiddenFrom"),
          "bad-visibility",
          `expected "All" or "Others", found ${describe(hidden)}`,
        );
        return;
      }
      if (hidden === "Others" && !perPlayer)
        cx.reading(
          p,
          "contentsHiddenFrom Others",
          'A shared container hidden from "Others" has no owner to show it to: it is hidden from everyone.',
        );
      cx.zones.set(name, {
        name,
        pointer: p,
        perSeat: perPlayer,
        visibility:
          hidden === "All" ? "hidden" : hidden === "Others" ? (perPlayer ? "owner" : "hidden") : "public",
      });
      return;
    }
    if (kind !== undefined) {
      cx.error(
        at(p, "entityType"),
        "unknown-entity-type",
        `unknown entityType ${describe(kind)}; expected "Grid", "Space" or none (a piece or card)`,
      );
      return;
    }
    const state = Object.hasOwn(e, "state") ? e.state : {};
    if (!isRecord(state)) {
      cx.error(at(p, "state"), "bad-state", `expected an object of default state, found ${describe(state)}`);
      return;
    }
    if (personal.has(name) || (shared.has(name) && perPlayer && !Object.hasOwn(e, "count"))) {
      // A per-player record (a score): its state is seat variables.
      const props = new Map<string, { variable: string; initial: number }>();
      for (const [k, v] of Object.entries(state)) {
        const sp = at(p, "state", k);
        if (cx.name(k, sp, "property") === undefined) continue;
        if (typeof v !== "number" || !Number.isInteger(v)) {
          cx.unsupported(
            sp,
            `the record state ${describe(v)}`,
            "a per-player record's state must be whole numbers",
          );
          continue;
        }
        const variable = `${name}_${k}`;
        cx.seatVariables[variable] = { type: "int", ...(v === 0 ? {} : { initial: v }) };
        props.set(k, { variable, initial: v });
      }
      cx.records.set(name, { name, pointer: p, props, displayProperties: display(cx, e, p) });
      return;
    }
    const count = countOf(cx, e, p);
    if (count === undefined) return;
    let t = cx.types.get(name);
    if (t === undefined) {
      t = {
        name,
        pointer: p,
        perPlayer,
        rulePlayer: perPlayer || Object.hasOwn(e, "player") ? "yes" : "no",
        count: 0,
        attrs: new Map(),
        definitions: [],
        displayProperties: display(cx, e, p),
      };
      cx.types.set(name, t);
    }
    const values = new Map<string, InitialValue>();
    let owner: number | undefined;
    for (const [k, v] of [...Object.entries(e).filter(([k]) => !OWN_KEYS.has(k)), ...Object.entries(state)]) {
      const vp = Object.hasOwn(state, k) ? at(p, "state", k) : at(p, k);
      if (k === "player") {
        owner = seatNumber(v);
        if (owner === undefined)
          cx.error(vp, "bad-player", `expected a player id ("0" to "7"), found ${describe(v)}`);
        continue;
      }
      const iv = addAttr(cx, t, k, v, vp);
      if (iv !== undefined) values.set(k, iv);
    }
    if (Object.hasOwn(e, "player")) {
      owner = seatNumber(e.player);
      if (owner === undefined)
        cx.error(at(p, "player"), "bad-player", `expected a player id, found ${describe(e.player)}`);
    }
    if ((perPlayer || Object.hasOwn(e, "player") ? "yes" : "no") !== t.rulePlayer) t.rulePlayer = "mixed";
    t.count = t.count + count;
    if (t.definitions.length >= MAX_INSTANCES) {
      cx.error(p, "too-many", `more than ${MAX_INSTANCES} definitions of "${name}"`);
      return;
    }
    t.definitions.push({ pointer: p, values, count, ...(owner === undefined ? {} : { owner }) });
  });
  for (const [key, set] of [
    ["sharedBoard", shared],
    ["personalBoard", personal],
  ] as const)
    for (const n of set)
      if (!cx.entityNames().includes(n))
        cx.error(
          at("", key),
          "unknown-entity",
          `no entity named "${n}"; expected one of ${cx.entityNames().join(", ")}`,
        );
}

/** Reads `numPlayers`, `minPlayers` and `maxPlayers`. */
export function readPlayers(cx: BagelContext): void {
  const r = cx.root;
  const read = (key: string): number | undefined => {
    if (!Object.hasOwn(r, key)) return undefined;
    const v = r[key];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > 8) {
      cx.error(
        at("", key),
        "bad-players",
        `expected a whole number of players from 1 to 8, found ${describe(v)}`,
      );
      return undefined;
    }
    return v;
  };
  const n = read("numPlayers");
  const min = read("minPlayers") ?? n ?? 2;
  const max = read("maxPlayers") ?? n ?? Math.max(2, min);
  if (min > max) cx.error("/minPlayers", "bad-players", `minPlayers ${min} is more than maxPlayers ${max}`);
  cx.minPlayers = min;
  cx.maxPlayers = Math.max(min, max);
}
