/**
 * What the names of a specification stand for once imported: seats (roles) and their attributes, piece
 * types (an entity schema split by the values of its first string attribute, its kind: a chess Piece's
 * `rank`), piece attributes, enums and game variables.
 * @module
 */
import type { VariableDefinition } from "@gridponder/match/validate";
import type { Findings } from "../findings.js";
import type { AttrType, Spec } from "./spec.js";
import type { Syntax } from "./syntax.js";

export interface PieceAttr {
  type: AttrType;
  /** For string attributes that are not a kind: the enum of their values. */
  enumName?: string;
}

/** A piece type id: lowercase words joined by hyphens. */
export function idOf(text: string): string {
  const id = text
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return /^[a-z]/.test(id) ? id : `t-${id || "piece"}`;
}

export class Scope {
  readonly seats: string[];
  /** Numeric seat attributes, one value per seat. */
  readonly seatAttrs = new Map<string, number[]>();
  /** Each schema's kind attribute (its first string attribute), if it has one. */
  readonly kindOf = new Map<string, string>();
  /** Kind values by schema, in the order first met. */
  readonly kindValues = new Map<string, string[]>();
  /** Piece type ids by schema and kind value (`Piece\u0000rook`), or by schema alone. */
  readonly typeIds = new Map<string, string>();
  readonly pieceAttrs = new Map<string, PieceAttr>();
  readonly enums: Record<string, string[]> = {};
  readonly stateVars = new Map<
    string,
    { type: AttrType; enumName?: string; initial?: unknown; pointer: string }
  >();

  constructor(
    readonly spec: Spec,
    trees: Syntax[],
    f: Findings,
  ) {
    this.seats = spec.roles.map((r) => r.name);
    for (const role of spec.roles)
      for (const [name, value] of Object.entries(role.attributes)) {
        if (typeof value !== "number" && typeof value !== "boolean") continue;
        const list = this.seatAttrs.get(name) ?? this.seats.map(() => 0);
        list[this.seats.indexOf(role.name)] = Number(value);
        this.seatAttrs.set(name, list);
      }
    // String literals met beside an attribute (`eq(entity.rank, 'pawn')`, `set(entity.rank, 'queen')`).
    const literals = new Map<string, Set<string>>();
    const visit = (n: Syntax, depth: number) => {
      if (depth > 64) return;
      if (n.kind === "call") {
        const keys = n.args.filter((a) => a.kind === "member").map((a) => (a as { key: string }).key);
        for (const key of keys)
          for (const a of n.args)
            if (a.kind === "string") {
              const set = literals.get(key) ?? new Set<string>();
              set.add(a.value);
              literals.set(key, set);
            }
        for (const a of n.args) visit(a, depth + 1);
      } else if (n.kind === "member") visit(n.of, depth + 1);
      else if (n.kind === "index") {
        visit(n.of, depth + 1);
        visit(n.index, depth + 1);
      }
    };
    for (const t of trees) visit(t, 0);
    for (const e of spec.setup)
      for (const [k, v] of Object.entries(e.attributes))
        if (typeof v === "string" && !v.includes("(")) {
          const set = literals.get(k) ?? new Set<string>();
          set.add(v);
          literals.set(k, set);
        }

    const multi = spec.schemas.size > 1;
    for (const [schema, attrs] of spec.schemas) {
      let kind: string | undefined;
      for (const [name, a] of attrs) {
        if (a.type === "player_ref") {
          if (name !== "owner")
            f.error(
              a.pointer,
              "player-ref",
              `only one player_ref attribute, named "owner", is supported (it is the piece's seat); found "${name}"`,
            );
          continue;
        }
        if (a.type === "string" && kind === undefined) {
          kind = name;
          const values: string[] = [];
          if (typeof a.default === "string") values.push(a.default);
          for (const v of literals.get(name) ?? []) if (!values.includes(v)) values.push(v);
          if (values.length === 0) values.push(name);
          this.kindOf.set(schema, name);
          this.kindValues.set(schema, values);
          for (const v of values) this.typeIds.set(`${schema}\u0000${v}`, idOf(multi ? `${schema}-${v}` : v));
          continue;
        }
        const prior = this.pieceAttrs.get(name);
        if (prior && prior.type !== a.type) {
          f.error(
            a.pointer,
            "attribute-type",
            `attribute "${name}" is ${a.type} here and ${prior.type} in another schema`,
          );
          continue;
        }
        if (a.type === "string") {
          const enumName = idOf(name);
          const labels = this.enums[enumName] ?? [];
          if (typeof a.default === "string" && !labels.includes(a.default)) labels.push(a.default);
          for (const v of literals.get(name) ?? []) if (!labels.includes(v)) labels.push(v);
          this.enums[enumName] = labels.length > 0 ? labels : [name];
          this.pieceAttrs.set(name, { type: "string", enumName });
        } else this.pieceAttrs.set(name, { type: a.type });
      }
      if (kind === undefined) this.typeIds.set(`${schema}\u0000`, idOf(schema));
    }
    for (const [name, a] of spec.state) {
      if (name === "current_player") continue;
      if (a.type === "string") {
        const enumName = idOf(`state-${name}`);
        const labels: string[] = [];
        if (typeof a.default === "string") labels.push(a.default);
        for (const v of literals.get(name) ?? []) if (!labels.includes(v)) labels.push(v);
        this.enums[enumName] = labels.length > 0 ? labels : [name];
        this.stateVars.set(name, { type: a.type, enumName, initial: a.default, pointer: a.pointer });
      } else this.stateVars.set(name, { type: a.type, initial: a.default, pointer: a.pointer });
    }
  }

  /** The piece type ids whose kind attribute `attr` has `value`. */
  typesOf(attr: string, value: string): string[] {
    const out: string[] = [];
    for (const [schema, kind] of this.kindOf)
      if (kind === attr) {
        const id = this.typeIds.get(`${schema}\u0000${value}`);
        if (id !== undefined) out.push(id);
      }
    return out;
  }

  get kindAttrs(): Set<string> {
    return new Set(this.kindOf.values());
  }

  /** The seat a role name or a `player('Name')` string stands for. */
  seatOf(text: unknown): number {
    if (typeof text !== "string") return -1;
    const m = /^\s*player\(\s*['"]([^'"]*)['"]\s*\)\s*$/.exec(text);
    return this.seats.indexOf(m ? (m[1] as string) : text);
  }

  /** A game variable of a state attribute. */
  variableOf(name: string): VariableDefinition | undefined {
    const v = this.stateVars.get(name);
    if (!v) return undefined;
    if (v.type === "player_ref") {
      const seat = this.seatOf(v.initial);
      return { type: "seat", ...(seat >= 0 ? { initial: seat } : {}) };
    }
    if (v.type === "string")
      return {
        type: "enum",
        enum: v.enumName as string,
        ...(typeof v.initial === "string" ? { initial: v.initial } : {}),
      };
    if (v.type === "bool")
      return { type: "bool", ...(typeof v.initial === "boolean" ? { initial: v.initial } : {}) };
    return { type: "int", ...(Number.isInteger(v.initial) ? { initial: v.initial as number } : {}) };
  }
}
