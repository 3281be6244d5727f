/**
 * The translator: dispatches values, conditions and selectors to their registries, guards depth, and
 * coerces values to numbers and subjects.
 * @module
 */
import type { Expr } from "@gridponder/match/validate";
import { at, describe, isRecord } from "../findings.js";
import type { Selection, Tr } from "./api.js";
import { CONDITIONS } from "./conditions/index.js";
import { type BagelContext, MAX_DEPTH } from "./context.js";
import { and } from "./exprs.js";
import type { Cond, Env, Subject, Val } from "./model.js";
import { select } from "./selectors.js";
import { conditionsOf, expandCondition } from "./shorthand.js";
import { VALUES } from "./values/index.js";

export class Translator implements Tr {
  constructor(
    readonly cx: BagelContext,
    readonly seats: number,
  ) {}

  private deep(depth: number, pointer: string): boolean {
    if (depth <= MAX_DEPTH) return false;
    this.cx.error(pointer, "too-deep", `the rules nest deeper than ${MAX_DEPTH} levels here`);
    return true;
  }

  value(v: unknown, pointer: string, env: Env, depth: number): Val | undefined {
    if (this.deep(depth, pointer)) return undefined;
    if (typeof v === "number") {
      if (!Number.isInteger(v)) {
        this.cx.error(pointer, "expected-whole-number", `expected a whole number, found ${v}`);
        return undefined;
      }
      return { kind: "num", e: v };
    }
    if (typeof v === "boolean") return { kind: "num", e: v };
    if (typeof v === "string") return { kind: "str", s: v };
    if (Array.isArray(v)) {
      if (v.length <= 64 && v.every((x) => typeof x === "number" && Number.isInteger(x)))
        return { kind: "vec", items: v as number[] };
      const items: Val[] = [];
      for (let i = 0; i < Math.min(v.length, 65); i++) {
        const x = this.value(v[i], at(pointer, i), env, depth + 1);
        if (x === undefined) return undefined;
        items.push(x);
      }
      return { kind: "list", items };
    }
    if (!isRecord(v)) {
      this.cx.error(pointer, "expected-value", `expected a value, found ${describe(v)}`);
      return undefined;
    }
    const type = Object.hasOwn(v, "type") ? v.type : undefined;
    if (type === "§subject") return env.target === undefined ? undefined : { kind: "subject", s: env.target };
    if (typeof type !== "string" || !Object.hasOwn(VALUES, type)) {
      this.cx.error(
        at(pointer, "type"),
        "unknown-value-type",
        `unknown value reference type ${describe(type)}; expected one of ${Object.keys(VALUES).join(", ")}`,
      );
      return undefined;
    }
    const handler = VALUES[type] as (typeof VALUES)[string];
    return handler(this, v, pointer, env, depth + 1);
  }

  condition(c: unknown, pointer: string, env: Env, depth: number): Cond | undefined {
    if (this.deep(depth, pointer)) return undefined;
    const raw = expandCondition(this.cx, c, pointer);
    if (raw === undefined) return undefined;
    if (!Object.hasOwn(CONDITIONS, raw.type)) {
      this.cx.error(
        at(pointer, "conditionType"),
        "unknown-condition",
        `unknown conditionType ${JSON.stringify(raw.type.slice(0, 40))}; expected one of ${Object.keys(CONDITIONS).join(", ")}`,
      );
      return undefined;
    }
    const out = (CONDITIONS[raw.type] as (typeof CONDITIONS)[string])(
      this,
      raw.node,
      pointer,
      env,
      depth + 1,
    );
    return out;
  }

  conditions(
    node: Record<string, unknown>,
    pointer: string,
    env: Env,
    depth: number,
  ): { e: Expr; each: Cond[] } | undefined {
    if (this.deep(depth, pointer)) return undefined;
    const list = conditionsOf(this.cx, node, pointer);
    if (list === undefined) return undefined;
    if (list.length > 64) {
      this.cx.error(pointer, "too-many", "more than 64 conditions in one list");
      return undefined;
    }
    const each: Cond[] = [];
    let ok = true;
    for (const item of list) {
      const c = this.condition(item.value, item.pointer, env, depth + 1);
      if (c === undefined) ok = false;
      else each.push(c);
    }
    if (!ok) return undefined;
    return { e: and(...each.map((c) => c.e)), each };
  }

  select(sel: unknown, pointer: string, env: Env, depth: number): Selection | undefined {
    if (this.deep(depth, pointer)) return undefined;
    return select(this, sel, pointer, env, depth + 1);
  }

  num(v: Val, pointer: string): Expr | undefined {
    if (v.kind === "num") return v.e;
    if (v.kind === "str") return /^-?[0-9]+$/.test(v.s) ? Number(v.s) : v.s;
    if (v.kind === "subject" && v.s.kind === "seat") return v.s.seat;
    if (v.kind === "subject" && v.s.kind === "piece") return v.s.piece;
    this.cx.error(
      pointer,
      "expected-number",
      `expected a number or a name here, found ${v.kind === "vec" ? "a list of numbers" : "an entity or a set"}`,
    );
    return undefined;
  }

  subject(v: Val, pointer: string): Subject | undefined {
    if (v.kind === "subject") return v.s;
    if (v.kind === "list" && v.items.length === 1 && v.items[0]?.kind === "subject") return v.items[0].s;
    if (v.kind === "num") return { kind: "seat", seat: v.e };
    this.cx.error(pointer, "expected-entity", "expected an entity or a space here");
    return undefined;
  }
}
