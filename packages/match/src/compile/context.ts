/**
 * What compiling one game needs at hand: the game's names resolved to numbers, and the errors found,
 * each with the JSON pointer of the value at fault.
 * @module
 */
import type { CompiledZone, ValueKind, VariableInfo } from "../contract.js";
import { FIRST_CHOICE } from "../contract.js";
import type { MatchGame } from "../types/index.js";

/** A fault found while compiling: where (a JSON pointer into game.json), what, and what was expected. */
export interface CompileError {
  readonly pointer: string;
  readonly code: string;
  readonly message: string;
}

/** The names a game defines and the errors found so far, shared by every part of the compiler. */
export class CompileContext {
  readonly errors: CompileError[] = [];
  readonly typeIndex = new Map<string, number>();
  readonly attrIndex = new Map<string, number>();
  readonly attrs: VariableInfo[] = [];
  readonly vars: VariableInfo[] = [];
  readonly varIndex = new Map<string, number>();
  readonly seatVars: VariableInfo[] = [];
  readonly seatVarIndex = new Map<string, number>();
  readonly seatAttrs = new Map<string, Int32Array>();
  readonly enums = new Map<string, readonly string[]>();
  readonly zones: CompiledZone[] = [];
  readonly zoneIndex = new Map<string, number>();
  readonly moveIndex = new Map<string, number>();
  readonly phaseIndex = new Map<string, number>();
  /** Choice names by binding slot, shared by every move that uses the name. */
  readonly choiceSlots = new Map<string, { slot: number; kind: ValueKind }>();
  readonly width: number;
  readonly height: number;

  constructor(
    readonly game: MatchGame,
    readonly seatCount: number,
  ) {
    this.width = game.board?.width ?? 0;
    this.height = game.board?.height ?? 0;
  }

  error(pointer: string, code: string, message: string): void {
    this.errors.push({ pointer, code, message });
  }

  /**
   * What a name stands for in `index`; reports `code` at `pointer` (listing the names there are) and
   * returns undefined when it names nothing.
   */
  lookup<T>(
    index: ReadonlyMap<string, T>,
    name: unknown,
    pointer: string,
    code: string,
    what: string,
  ): T | undefined {
    const found = typeof name === "string" ? index.get(name) : undefined;
    if (found === undefined)
      this.error(pointer, code, `no ${what} "${String(name)}"; ${CompileContext.options(index.keys())}`);
    return found;
  }

  /** The binding slot of a choice name, given the kind of value it holds. */
  choiceSlot(name: string, kind: ValueKind): number {
    const known = this.choiceSlots.get(name);
    if (known) return known.slot;
    const slot = FIRST_CHOICE + this.choiceSlots.size;
    this.choiceSlots.set(name, { slot, kind });
    return slot;
  }

  /** A hint listing the names that were possible. */
  static options(names: Iterable<string>): string {
    const list = [...names];
    return list.length === 0 ? "none is defined" : `expected one of ${list.map((n) => `"${n}"`).join(", ")}`;
  }
}

/** Appends a segment to a JSON pointer. */
export function at(pointer: string, segment: string | number): string {
  return `${pointer}/${String(segment).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}
