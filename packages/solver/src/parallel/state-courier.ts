import type { Entity, GameState, Pack } from "@gridponder/engine";
import type { Outbox } from "./marker-team.js";
import { kindNamesOf } from "./state-transfer.js";

/**
 * Game states and visits sent from one thread to another through a box of integers (see
 * `MarkerTeam`), in one stream the receiver reads in order. A layer travels once per number the
 * sender's search gave it (layers are immutable and shared between states, so most states send only
 * numbers), a piece of text (memory, variables, an entity's params) once per content; entities are
 * rebuilt from the receiver's own pack, whose param-less entities are shared singletons the engine
 * compares by identity.
 */
const LAYER = 1;
const TEXT = 2;
const STATE = 3;
export const VISIT = 4;

/** The sending side of one sender-receiver pair. */
export class Shipper {
  private readonly texts = new Map<string, number>();
  private readonly textOf = new WeakMap<object, number>();
  /** Per layer: the layer numbers sent already. */
  private readonly sent: Set<number>[];

  constructor(
    private readonly layers: number,
    private readonly cells: number,
    /** The marker layer: cores are sent without it. */
    private readonly field: number,
  ) {
    this.sent = Array.from({ length: layers }, () => new Set<number>());
  }

  /**
   * Writes core `state` (whose marker layer is empty), numbered `number` for the receiver, with the
   * layer numbers of its key (`key`, as the sender's search space gave it).
   */
  ship(box: Outbox, number: number, state: GameState, key: Int32Array): void {
    for (let i = 0; i < this.layers; i++) {
      if (i === this.field) continue;
      const id = key[i] as number;
      const sent = this.sent[i] as Set<number>;
      if (!sent.has(id)) {
        sent.add(id);
        this.layer(box, i, id, state.layers[i] as readonly (Entity | null)[]);
      }
    }
    // Texts first: the record that uses them must follow them.
    const a = state.avatar;
    const facing = this.text(box, a.facing);
    const item = this.text(box, a.item);
    const variables = this.object(box, state.variables);
    const memory = this.object(box, state.memory);
    const overlay = state.overlay === null ? 0 : this.text(box, state.overlay);
    const multi = state.multiCellObjects.length === 0 ? 0 : this.object(box, state.multiCellObjects);
    const fired = state.firedOnce.length === 0 ? 0 : this.object(box, state.firedOnce);
    const reason = this.text(box, state.loseReason);
    const d = box.data;
    let at = box.length;
    d[at++] = STATE;
    d[at++] = number;
    for (let i = 0; i < this.layers; i++) d[at++] = i === this.field ? 0 : (key[i] as number);
    d[at++] = a.enabled ? 1 : 0;
    d[at++] = a.position ? a.position[0] : -1;
    d[at++] = a.position ? a.position[1] : -1;
    d[at++] = facing;
    d[at++] = item;
    d[at++] = state.actionCount;
    d[at++] = (state.won ? 1 : 0) | (state.lost ? 2 : 0);
    d[at++] = variables;
    d[at++] = memory;
    d[at++] = overlay;
    d[at++] = multi;
    d[at++] = fired;
    d[at++] = reason;
    box.length = at;
  }

  /** Writes a visit of the state numbered `number` with marker value `marker` and `paths` paths. */
  visit(box: Outbox, number: number, marker: number, paths: number): void {
    const d = box.data;
    let at = box.length;
    d[at++] = VISIT;
    d[at++] = number;
    d[at++] = marker;
    d[at++] = paths;
    box.length = at;
  }

  private layer(box: Outbox, index: number, id: number, layer: readonly (Entity | null)[]): void {
    const codes: number[] = [];
    for (let c = 0; c < this.cells; c++) {
      const e = layer[c];
      codes.push(
        e === null || e === undefined
          ? 0
          : e.params === null
            ? e.info.index + 1
            : -this.text(box, [e.kind, e.params]),
      );
    }
    const d = box.data;
    let at = box.length;
    d[at++] = LAYER;
    d[at++] = index;
    d[at++] = id;
    for (const code of codes) d[at++] = code;
    box.length = at;
  }

  /** The number of an immutable object's text, looked up by identity first. */
  private object(box: Outbox, value: object): number {
    let id = this.textOf.get(value);
    if (id === undefined) {
      id = this.text(box, value);
      this.textOf.set(value, id);
    }
    return id;
  }

  /** The number of a value's JSON text (0 for null), sent first when new. */
  private text(box: Outbox, value: unknown): number {
    if (value === null || value === undefined) return 0;
    const text = JSON.stringify(value);
    let id = this.texts.get(text);
    if (id !== undefined) return id;
    id = this.texts.size + 1;
    this.texts.set(text, id);
    const d = box.data;
    let at = box.length;
    d[at++] = TEXT;
    d[at++] = id;
    d[at++] = text.length;
    for (let i = 0; i < text.length; i++) d[at++] = text.charCodeAt(i);
    box.length = at;
    return id;
  }
}

/** The receiving side of one sender-receiver pair. */
export class Receiver {
  private readonly texts: unknown[] = [null];
  /** Per layer: the layers by the sender's number. */
  private readonly layers: Map<number, readonly (Entity | null)[]>[];
  private readonly kindNames: readonly string[];

  constructor(
    private readonly pack: Pack,
    layerCount: number,
    private readonly cells: number,
    private readonly field: number,
    /** The receiver's empty marker layer. */
    private readonly emptyLayer: readonly (Entity | null)[],
  ) {
    this.layers = Array.from({ length: layerCount }, () => new Map());
    this.kindNames = kindNamesOf(pack);
  }

  /**
   * Reads a box: `state` gets each state record (its number and the state), `visit` each visit (a
   * state's number, a marker value, a path count), in the order they were written.
   */
  read(
    box: Int32Array,
    length: number,
    state: (number: number, state: GameState) => void,
    visit: (number: number, marker: number, paths: number) => void,
  ): void {
    let at = 1;
    while (at < length) {
      const tag = box[at++] as number;
      if (tag === VISIT) {
        visit(box[at] as number, box[at + 1] as number, box[at + 2] as number);
        at += 3;
      } else if (tag === TEXT) {
        const id = box[at++] as number;
        const n = box[at++] as number;
        let text = "";
        for (let i = 0; i < n; i += 4096)
          text += String.fromCharCode(...box.subarray(at + i, at + Math.min(n, i + 4096)));
        at += n;
        this.texts[id] = JSON.parse(text);
      } else if (tag === LAYER) {
        const index = box[at++] as number;
        const id = box[at++] as number;
        const layer: (Entity | null)[] = new Array(this.cells);
        for (let c = 0; c < this.cells; c++) {
          const code = box[at++] as number;
          if (code === 0) layer[c] = null;
          else if (code > 0) layer[c] = this.pack.entity(this.kindNames[code - 1] as string);
          else {
            const [kind, params] = this.texts[-code] as [string, never];
            layer[c] = this.pack.entity(kind, params);
          }
        }
        (this.layers[index] as Map<number, readonly (Entity | null)[]>).set(id, layer);
      } else if (tag === STATE) {
        const number = box[at++] as number;
        const layers: (readonly (Entity | null)[])[] = [];
        for (let i = 0; i < this.layers.length; i++) {
          const id = box[at++] as number;
          layers.push(
            i === this.field
              ? this.emptyLayer
              : ((this.layers[i] as Map<number, readonly (Entity | null)[]>).get(id) as (Entity | null)[]),
          );
        }
        const enabled = box[at++] === 1;
        const x = box[at++] as number;
        const y = box[at++] as number;
        const facing = this.texts[box[at++] as number] as string;
        const item = (this.texts[box[at++] as number] ?? null) as string | null;
        const actionCount = box[at++] as number;
        const flags = box[at++] as number;
        const variables = (this.texts[box[at++] as number] ?? {}) as GameState["variables"];
        const memory = (this.texts[box[at++] as number] ?? {}) as GameState["memory"];
        const overlay = (this.texts[box[at++] as number] ?? null) as GameState["overlay"];
        const multiCellObjects = (this.texts[box[at++] as number] ?? []) as GameState["multiCellObjects"];
        const firedOnce = (this.texts[box[at++] as number] ?? []) as GameState["firedOnce"];
        const loseReason = (this.texts[box[at++] as number] ?? null) as string | null;
        state(number, {
          layers,
          avatar: { enabled, position: x < 0 ? null : [x, y], facing, item },
          variables,
          overlay,
          multiCellObjects,
          actionCount,
          won: (flags & 1) !== 0,
          lost: (flags & 2) !== 0,
          loseReason,
          firedOnce,
          memory,
        });
      } else throw new Error(`internal error: unknown record ${tag} in a marker team box`);
    }
  }
}
