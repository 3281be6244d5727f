import {
  type ActionInput,
  canonicalState,
  type GameState,
  type LevelRuntime,
  type Pack,
  type PendingMove,
  runTurn,
  stableStringify,
} from "@gridponder/engine";
import { PENDING_MOVE_MEMORY } from "@gridponder/engine/search-contract";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { actionBoundLayers, originFreeTeleports, pendingMoveKey } from "../../src/models/index.js";
import { corpusLevels } from "./corpus.js";

/**
 * Searches rely on two facts about what a state's future depends on: the avatar's facing does not
 * matter, and `pendingMoveKey` tells apart exactly the pending moves that can still make a difference.
 * These properties check both the way a search would be misled: a changed state is played on with the
 * same actions as the original, and every later state must agree.
 */

interface Level {
  pack: Pack;
  level: LevelRuntime;
  initial: GameState;
  legal: ActionInput[];
}

const levels: Level[] = [];

beforeAll(async () => {
  for (const { pack, session } of await corpusLevels())
    levels.push({ pack, level: session.level, initial: session.initial, legal: session.legalActions() });
}, 60_000);

/** What later turns can observe: the canonical state without facing and without the pending move. */
function observable(l: Level, state: GameState): string {
  const c = canonicalState(l.pack, state, l.level.width, l.level.height) as unknown as Record<
    string,
    unknown
  >;
  const avatar = { ...(c.avatar as Record<string, unknown>), facing: undefined };
  const memory = {
    ...((c.memory as Record<string, unknown> | undefined) ?? {}),
    [PENDING_MOVE_MEMORY]: undefined,
  };
  return stableStringify({ ...c, avatar, memory });
}

/** Plays `actions` from both states and checks that every step is accepted alike and looks alike. */
function sameFuture(l: Level, a: GameState, b: GameState, actions: readonly ActionInput[]): void {
  expect(observable(l, b)).toBe(observable(l, a));
  for (const action of actions) {
    const ra = runTurn(l.pack, l.level, a, action);
    const rb = runTurn(l.pack, l.level, b, action);
    expect(rb.accepted).toBe(ra.accepted);
    a = ra.state;
    b = rb.state;
    expect(observable(l, b)).toBe(observable(l, a));
  }
}

function play(l: Level, picks: readonly number[]): GameState {
  let state = l.initial;
  for (const pick of picks) {
    const result = runTurn(l.pack, l.level, state, l.legal[pick % l.legal.length] as ActionInput);
    if (result.accepted) state = result.state;
    if (state.won || state.lost) break;
  }
  return state;
}

const withPending = (state: GameState, move: PendingMove | null): GameState => ({
  ...state,
  memory: { ...state.memory, [PENDING_MOVE_MEMORY]: move ?? undefined },
});

const walks = fc.record({
  prefix: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
  suffix: fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
});

describe("what a state's future depends on", () => {
  it("the avatar's facing never changes what later turns do", () => {
    for (const l of levels) {
      fc.assert(
        fc.property(walks, ({ prefix, suffix }) => {
          const state = play(l, prefix);
          if (!state.avatar.position) return;
          const turned = {
            ...state,
            avatar: { ...state.avatar, facing: state.avatar.facing === "up" ? "down" : "up" },
          };
          sameFuture(
            l,
            state,
            turned,
            suffix.map((p) => l.legal[p % l.legal.length] as ActionInput),
          );
        }),
        { numRuns: 10, seed: 7 },
      );
    }
  });

  it("a pending move keyed 0 can be dropped, and one keyed without direction can take any direction", () => {
    let dropped = 0;
    let redirected = 0;
    for (const l of levels) {
      const key = pendingMoveKey(l.pack, l.level, l.initial);
      fc.assert(
        fc.property(walks, ({ prefix, suffix }) => {
          const state = play(l, prefix);
          const move = state.memory[PENDING_MOVE_MEMORY] as PendingMove | undefined;
          if (!move) return;
          const actions = suffix.map((p) => l.legal[p % l.legal.length] as ActionInput);
          const k = key(state);
          if (k === 0) {
            dropped++;
            sameFuture(l, state, withPending(state, null), actions);
            return;
          }
          const turned = { ...move, direction: move.direction === "up" ? "left" : "up" };
          if (key(withPending(state, turned)) === k) {
            redirected++;
            sameFuture(l, state, withPending(state, turned), actions);
          }
        }),
        { numRuns: 200, seed: 11 },
      );
    }
    // The checks above must have had something to check.
    expect(dropped).toBeGreaterThan(50);
    expect(redirected).toBeGreaterThan(50);
  });

  it("pending moves that can still fire keep distinct keys", () => {
    const l = levels.find((x) => x.level.id === "tw_013") as Level;
    const key = pendingMoveKey(l.pack, l.level, l.initial);
    // tw_013: a seed basket at (1,2) is pushable, so a bump into it from the left stays armed.
    const left: PendingMove = { from: [0, 2], to: [1, 2], direction: "right" };
    const down: PendingMove = { from: [1, 1], to: [1, 2], direction: "down" };
    expect(key(withPending(l.initial, left))).not.toBe(0);
    expect(key(withPending(l.initial, left))).not.toBe(key(withPending(l.initial, down)));
    // An empty cell cannot fire a move there.
    expect(key(withPending(l.initial, { from: [1, 0], to: [1, 1], direction: "down" }))).toBe(0);
  });
});

describe("action-bound layers", () => {
  it("twinseed's marker layer is bound to the clone action; games without a marker have none", () => {
    const twin = levels.find((x) => x.level.id === "tw_013") as Level;
    const bound = actionBoundLayers(twin.pack, twin.level);
    expect(bound.map((b) => [twin.pack.layers[b.layer]?.id, [...b.actions]])).toEqual([["clone", ["clone"]]]);
    const carrot = levels.find((x) => x.level.id === "fw_001") as Level;
    expect(actionBoundLayers(carrot.pack, carrot.level)).toEqual([]);
  });

  it("turns of other actions neither read nor write a bound layer", () => {
    let checked = 0;
    for (const l of levels) {
      const bound = actionBoundLayers(l.pack, l.level);
      if (bound.length === 0) continue;
      const free = l.legal.filter((a) => bound.every((b) => !b.actions.has(a.action)));
      fc.assert(
        fc.property(walks, walks, ({ prefix }, other) => {
          const state = play(l, prefix);
          const donor = play(l, other.prefix);
          if (state.won || state.lost) return;
          for (const b of bound) {
            // The same state with the bound layer of another reachable state.
            const layers = state.layers.slice();
            layers[b.layer] = donor.layers[b.layer] as (typeof layers)[number];
            const swapped = { ...state, layers };
            for (const action of free) {
              const original = runTurn(l.pack, l.level, state, action);
              const moved = runTurn(l.pack, l.level, swapped, action);
              expect(moved.accepted).toBe(original.accepted);
              if (!original.accepted) continue;
              checked++;
              expect(moved.state.layers[b.layer]).toBe(swapped.layers[b.layer]);
              expect(original.state.layers[b.layer]).toBe(state.layers[b.layer]);
              // Everything else agrees: compare with the bound layer put back.
              const back = moved.state.layers.slice();
              back[b.layer] = original.state.layers[b.layer] as (typeof back)[number];
              expect(observable(l, { ...moved.state, layers: back })).toBe(observable(l, original.state));
            }
          }
        }),
        { numRuns: 60, seed: 3 },
      );
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe("origin-free teleports", () => {
  it("twinseed's recall is one; games without a marker have none", () => {
    const twin = levels.find((x) => x.level.id === "tw_013") as Level;
    expect(originFreeTeleports(twin.pack, twin.level).map((t) => t.action)).toEqual(["clone"]);
    const carrot = levels.find((x) => x.level.id === "fw_001") as Level;
    expect(originFreeTeleports(carrot.pack, carrot.level)).toEqual([]);
  });

  it("a teleport that applies ends the same wherever the avatar left from", () => {
    /** Everything a later turn can observe but the facing, the pending move included. */
    const seen = (l: Level, state: GameState) => {
      const c = canonicalState(l.pack, state, l.level.width, l.level.height) as unknown as Record<
        string,
        unknown
      >;
      return stableStringify({ ...c, avatar: { ...(c.avatar as object), facing: undefined } });
    };
    let checked = 0;
    for (const l of levels) {
      const teleports = originFreeTeleports(l.pack, l.level);
      if (teleports.length === 0) continue;
      fc.assert(
        fc.property(walks, walks, ({ prefix }, other) => {
          const state = play(l, prefix);
          const elsewhere = play(l, other.prefix).avatar.position;
          if (state.won || state.lost || !elsewhere) return;
          for (const teleport of teleports) {
            if (!teleport.applies(state)) continue;
            const moved = { ...state, avatar: { ...state.avatar, position: elsewhere } };
            expect(teleport.applies(moved)).toBe(true);
            const a = runTurn(l.pack, l.level, state, { action: teleport.action });
            const b = runTurn(l.pack, l.level, moved, { action: teleport.action });
            expect(b.accepted).toBe(a.accepted);
            expect(seen(l, b.state)).toBe(seen(l, a.state));
            checked++;
          }
        }),
        { numRuns: 60, seed: 5 },
      );
    }
    expect(checked).toBeGreaterThan(100);
  });
});
