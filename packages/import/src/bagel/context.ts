/**
 * The state of one B.A.G.E.L. import: its findings and report, the entities the source declares (the
 * grid, containers, piece and card types, per-player records) and the variables the translation adds.
 * @module
 */
import type { InitialValue, VariableDefinition } from "@gridponder/match/validate";
import { at, describe, type Findings, isRecord } from "../findings.js";
import type { ImportReport } from "../report.js";

/** A B.A.G.E.L. name: a word. Prototype keys are refused so that no name can reach an object's prototype. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const RESERVED = new Set(["__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "valueOf"]);

/** The most instances of one piece type the import creates (a bank larger is an error, "Infinity" is not). */
export const MAX_INSTANCES = 1000;
/** How deep `then` chains, nested conditions and expressions may go. */
export const MAX_DEPTH = 32;

export interface AttrInfo {
  type: "int" | "bool" | "enum";
  /** For `enum`: the labels, in the order first seen. */
  labels: string[];
  initial: InitialValue;
}

export interface PieceTypeInfo {
  name: string;
  pointer: string;
  perPlayer: boolean;
  /**
   * Whether the type's rule names a player (`perPlayer`, or `player` beside `name`), as against a
   * player kept only in `state`: the engine's `ContainsSame` compares the rule's values. `mixed` when
   * some definitions of the name do and some do not.
   */
  rulePlayer: "yes" | "no" | "mixed";
  /** Instances per player (perPlayer) or in all, per definition; Infinity for an unbounded bank. */
  count: number;
  attrs: Map<string, AttrInfo>;
  /** Each definition's own values (a card's value and suit), one entry per definition. */
  definitions: { pointer: string; values: Map<string, InitialValue>; count: number; owner?: number }[];
  displayProperties: string[];
}

export interface ZoneInfo {
  name: string;
  pointer: string;
  perSeat: boolean;
  visibility: "public" | "hidden" | "owner";
}

export interface RecordInfo {
  name: string;
  pointer: string;
  /** State properties, each a seat variable. */
  props: Map<string, { variable: string; initial: number }>;
  displayProperties: string[];
}

export interface GridInfo {
  name: string;
  pointer: string;
  width: number;
  height: number;
}

export class BagelContext {
  grid?: GridInfo;
  readonly zones = new Map<string, ZoneInfo>();
  readonly types = new Map<string, PieceTypeInfo>();
  readonly records = new Map<string, RecordInfo>();
  readonly variables: Record<string, VariableDefinition> = {};
  readonly seatVariables: Record<string, VariableDefinition> = {};
  minPlayers = 2;
  maxPlayers = 2;
  /** Game variables the translation adds, by purpose, so each is made once. */
  private counter = 0;

  constructor(
    readonly f: Findings,
    readonly report: ImportReport,
    readonly root: Record<string, unknown>,
  ) {}

  /** Records an error at a pointer; translation goes on to find more, but the import fails. */
  error(pointer: string, code: string, message: string, hint?: string): void {
    this.f.error(pointer, `bagel-${code}`, message, hint);
  }

  /** A construct the translation does not carry: an error naming it, since the pack would play differently. */
  unsupported(pointer: string, what: string, why: string): void {
    this.error(pointer, "unsupported", `${what} is not supported: ${why}`);
  }

  notCarried(pointer: string, topic: string, text: string): void {
    if (!this.report.notCarried.some((r) => r.pointer === pointer && r.topic === topic))
      this.report.notCarried.push({ pointer, topic, text });
  }

  reading(pointer: string, topic: string, text: string): void {
    if (!this.report.readings.some((r) => r.topic === topic))
      this.report.readings.push({ pointer, topic, text });
  }

  lacks(pointer: string, topic: string, text: string): void {
    if (!this.report.lacks.some((r) => r.topic === topic)) this.report.lacks.push({ pointer, topic, text });
  }

  /** A valid entity, move, stage or phase name, or an error. */
  name(value: unknown, pointer: string, what: string): string | undefined {
    if (typeof value !== "string") {
      this.error(pointer, "expected-name", `expected ${what} name (a string), found ${describe(value)}`);
      return undefined;
    }
    if (RESERVED.has(value) || !NAME.test(value)) {
      this.error(
        pointer,
        "bad-name",
        `${what} name ${JSON.stringify(value.slice(0, 40))} is not allowed; expected a word of letters, digits and "_" (not a reserved name such as "__proto__" or "constructor")`,
      );
      return undefined;
    }
    return value;
  }

  /** An own member of an object (never one inherited from its prototype). */
  static get(o: unknown, key: string): unknown {
    return isRecord(o) && Object.hasOwn(o, key) ? o[key] : undefined;
  }

  /** A new game variable of the translation's own. */
  variable(purpose: string, def: VariableDefinition): string {
    const name = `${purpose}${this.counter++ === 0 ? "" : this.counter}`;
    this.variables[name] = def;
    return name;
  }

  /** The cell name of a B.A.G.E.L. space index: index 0 is the top left, rows run downward. */
  cellOfIndex(index: number): string | undefined {
    const g = this.grid;
    if (g === undefined || !Number.isInteger(index) || index < 0 || index >= g.width * g.height)
      return undefined;
    const x = index % g.width;
    const row = Math.floor(index / g.width);
    return `${String.fromCharCode(97 + x)}${g.height - row}`;
  }

  /** The zone, by container name, or undefined. */
  zone(name: string): ZoneInfo | undefined {
    return this.zones.has(name) ? this.zones.get(name) : undefined;
  }

  /** Every piece type's name, for "expected one of" messages. */
  entityNames(): string[] {
    return [
      ...(this.grid ? [this.grid.name] : []),
      ...this.zones.keys(),
      ...this.types.keys(),
      ...this.records.keys(),
    ];
  }

  private setsPlayerMemo?: boolean;

  /** Whether some SetState in the source sets an entity's `player` (a disc turned over). */
  setsPlayer(): boolean {
    if (this.setsPlayerMemo !== undefined) return this.setsPlayerMemo;
    let found = false;
    const stack: unknown[] = [this.root];
    for (let seen = 0; stack.length > 0 && !found && seen < 200_000; seen++) {
      const o = stack.pop();
      if (Array.isArray(o)) stack.push(...o);
      else if (isRecord(o)) {
        const type = Object.hasOwn(o, "moveType")
          ? o.moveType
          : Object.hasOwn(o, "type")
            ? o.type
            : undefined;
        const state = BagelContext.get(BagelContext.get(o, "arguments"), "state");
        if (type === "SetState" && BagelContext.get(state, "property") === "player") found = true;
        stack.push(...Object.values(o));
      }
    }
    this.setsPlayerMemo = found;
    return found;
  }

  /** The pointer of a member below a pointer. */
  static at = at;
}

/** Reads a player id ("0", 0) as a seat number, or undefined. */
export function seatNumber(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 8) return value;
  if (typeof value === "string" && /^[0-7]$/.test(value)) return Number(value);
  return undefined;
}
