import {
  type ActionInput,
  type GameState,
  type LevelRuntime,
  type Pack,
  runTurn,
  Session,
  stableStringify,
} from "@gridponder/engine";

/**
 * A level seen as a graph for search: the start state, the actions to try from every state, the
 * successor of a state under an action, and the key that identifies states.
 */
export interface SearchSpace {
  readonly pack: Pack;
  readonly level: LevelRuntime;
  readonly start: GameState;
  readonly actions: readonly ActionInput[];
  /** The state after an action, or `null` when the engine rejects it. */
  next(state: GameState, action: ActionInput): GameState | null;
  /** Equal for states with the same future, different otherwise (within this search space). */
  key(state: GameState): string;
}

/**
 * Whether states that differ only in their action count can have different futures: the level has a
 * move limit and some turn does not count as a move (selecting an actor), so the count is no longer
 * the search depth and has to be part of a state's identity.
 */
function countMatters(level: LevelRuntime): boolean {
  const limited = level.loseConditions.some((c) => c.type === "max_actions");
  const freeTurns = level.systems.some((s) => s.type === "individual_actors");
  return limited && freeTurns;
}

/**
 * Gives each distinct content of a state part (a layer, the variables, ...) a small number. A search
 * keeps millions of keys; built from these numbers they stay short, so hashing and storing them is
 * cheap. Parts are immutable and shared between states that did not change them, so most lookups
 * hit the identity cache and never look at the content.
 */
class Interner {
  private readonly byObject = new WeakMap<object, number>();
  private readonly byContent = new Map<string, number>();

  id(part: object, content: (part: object) => string): number {
    let id = this.byObject.get(part);
    if (id === undefined) {
      const text = content(part);
      id = this.byContent.get(text);
      if (id === undefined) {
        id = this.byContent.size;
        this.byContent.set(text, id);
      }
      this.byObject.set(part, id);
    }
    return id;
  }
}

/** A layer's content, one character per kind (by its dense index) plus any params. */
function layerContent(cells: object): string {
  let s = "";
  for (const e of cells as readonly ({ info: { index: number }; params: object | null } | null)[]) {
    if (e === null) s += "\u0000";
    else {
      s += String.fromCharCode(e.info.index + 1);
      if (e.params !== null) s += `${stableStringify(e.params)}\u0000`;
    }
  }
  return s;
}

export function searchSpace(pack: Pack, levelId: string): SearchSpace {
  const session = new Session(pack, levelId);
  const { level } = session;
  const withCount = countMatters(level);
  const parts = new Interner();
  const json = (part: object) => stableStringify(part);
  const key = (state: GameState): string => {
    let k = "";
    for (const cells of state.layers) k += `${parts.id(cells, layerContent)}.`;
    const a = state.avatar;
    k += a.enabled && a.position ? `${a.position[0]},${a.position[1]},${a.facing},${a.item ?? ""}` : "-";
    k += `|${parts.id(state.variables, json)}`;
    if (state.overlay) k += `|o${state.overlay.position[0]},${state.overlay.position[1]}`;
    if (state.multiCellObjects.length > 0) k += `|m${parts.id(state.multiCellObjects, json)}`;
    k += `|r${parts.id(state.memory, json)}`;
    if (state.firedOnce.length > 0) k += `|f${state.firedOnce.join(",")}`;
    if (withCount) k += `#${state.actionCount}`;
    return state.won ? `${k}W` : state.lost ? `${k}L` : k;
  };
  return {
    pack,
    level,
    start: session.initial,
    actions: session.legalActions(),
    next(state, action) {
      const result = runTurn(pack, level, state, action);
      return result.accepted ? result.state : null;
    },
    key,
  };
}
