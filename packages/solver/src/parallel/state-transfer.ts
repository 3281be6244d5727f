import type { Entity, GameState, Pack } from "@gridponder/engine";

/**
 * Game states packed to cross to another thread. Entities are not sent as objects: the receiver must
 * get its own pack's entities (param-less ones are shared singletons the engine compares by
 * identity), so each cell travels as a number: 0 empty, k + 1 a param-less entity of kind index k,
 * -(i + 1) entry i of `entities` (a kind and its params). Everything else in a state is plain data.
 */
export interface PackedStates {
  readonly cells: Int32Array;
  readonly entities: readonly [string, unknown][];
  readonly rest: readonly Omit<GameState, "layers">[];
}

export function packStates(states: readonly GameState[], cellsPerState: number): PackedStates {
  const cells = new Int32Array(states.length * cellsPerState);
  const entities: [string, unknown][] = [];
  const rest: Omit<GameState, "layers">[] = [];
  let at = 0;
  for (const state of states) {
    for (const layer of state.layers)
      for (const e of layer as readonly (Entity | null)[]) {
        if (e === null) cells[at++] = 0;
        else if (e.params === null) cells[at++] = e.info.index + 1;
        else {
          entities.push([e.kind, e.params]);
          cells[at++] = -entities.length;
        }
      }
    const { layers: _layers, ...others } = state;
    rest.push(others);
  }
  return { cells, entities, rest };
}

/** The names of a pack's entity kinds by index (see `unpackState`). */
export function kindNamesOf(pack: Pack): string[] {
  const kindNames: string[] = [];
  for (const info of pack.kinds.values()) kindNames[info.index] = info.name;
  return kindNames;
}

/** State number `i` of those `packStates` packed, rebuilt with this thread's entities. */
export function unpackState(
  pack: Pack,
  kindNames: readonly string[],
  packed: PackedStates,
  i: number,
  layerCount: number,
  cellCount: number,
): GameState {
  let at = i * layerCount * cellCount;
  const layers: (Entity | null)[][] = [];
  for (let l = 0; l < layerCount; l++) {
    const layer: (Entity | null)[] = new Array(cellCount);
    for (let c = 0; c < cellCount; c++) {
      const code = packed.cells[at++] as number;
      if (code === 0) layer[c] = null;
      else if (code > 0) layer[c] = pack.entity(kindNames[code - 1] as string);
      else {
        const [kind, params] = packed.entities[-code - 1] as [string, never];
        layer[c] = pack.entity(kind, params);
      }
    }
    layers.push(layer);
  }
  return { ...(packed.rest[i] as Omit<GameState, "layers">), layers };
}
