import type { EntityKind, JsonValue } from "@gridponder/schema";

/** Instance parameters of an entity. Frozen: entities are shared between states. */
export type Params = Readonly<Record<string, JsonValue>>;

/** What the engine knows about an entity kind, resolved once per pack. */
export interface KindInfo {
  /** The kind's position in `game.json`'s entity kinds: a dense index for per-kind tables. */
  readonly index: number;
  readonly name: string;
  readonly layer: string;
  readonly layerIndex: number;
  readonly tags: ReadonlySet<string>;
  readonly def: EntityKind;
  /** The number ending the kind's name (`num_7` is 7), or `null`: goals read it for every cell. */
  readonly nameNumber: number | null;
}

/**
 * One entity on the board. Immutable and shared between states: changing an entity means placing
 * a new one. `info` saves a kind lookup on every tag test in the hot paths.
 */
export interface Entity {
  readonly kind: string;
  readonly info: KindInfo;
  readonly params: Params | null;
}

/** A board cell `[x, y]`. */
export type Pos = readonly [number, number];
