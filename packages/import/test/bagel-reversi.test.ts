// Reversi written in B.A.G.E.L. (fixtures/bagel/reversi.json, with the constructs of the B.A.G.E.L.
// project's public example): InLine with a run of the other player's stones, a ForEach over every
// entity the lines found turning them over (SetState player → setOwner), a PassTurn on NoPossibleMoves
// among the turn's initial moves, and `winners` by mapMax over the players (a ranking by stones).
// Positions and results below were checked against board-game-engine 2.1.0 run as a black box.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compileGame, type MatchGame, MatchRuntime, perft } from "@gridponder/match";
import { describe, expect, test } from "vitest";
import { importBagel } from "../src/bagel/index.js";

const TEXT = readFileSync(join(import.meta.dirname, "../fixtures/bagel/reversi.json"), "utf8");

// biome-ignore lint/suspicious/noExplicitAny: the tests edit parsed JSON freely.
type Game = Record<string, any>;
const edit = (f: (g: Game) => void): string => {
  const g = JSON.parse(TEXT) as Game;
  f(g);
  return JSON.stringify(g);
};

function imported(text = TEXT): MatchGame {
  const r = importBagel("reversi.json", text);
  if (!r.ok) throw new Error(`reversi did not import: ${JSON.stringify(r.diagnostics, null, 1)}`);
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return r.game;
}

function runtime(game: MatchGame, seats = 2): MatchRuntime {
  const c = compileGame(game, seats, game.setup);
  if (!c.ok) throw new Error(JSON.stringify(c.errors));
  return MatchRuntime.start(c.game, c.setup, 1);
}

/** The match cell of a B.A.G.E.L. space index (index 0 top left, rows downward; cells from a1 bottom left). */
const cellOf = (index: number) => (7 - Math.floor(index / 8)) * 8 + (index % 8);

/** The game started from these stones (B.A.G.E.L. space index, player). */
function position(stones: [number, string][], players = 2): MatchRuntime {
  const text = edit((g) => {
    g.numPlayers = players;
    g.initialPlacements = stones.map(([index, player]) => ({
      entity: { name: "stone", state: { player } },
      destination: { index },
    }));
  });
  return runtime(imported(text), players);
}

const ownerAt = (r: MatchRuntime, index: number) => {
  const piece = r.s.cells[cellOf(index)] as number;
  return piece < 0 ? null : r.s.powner[piece];
};

/** Plays the placement on a space index, or the pass when `index` is null; returns the mover. */
function play(r: MatchRuntime, index: number | null): number {
  const mover = r.s.current;
  const moves = r.generate();
  const move = moves.find((m) =>
    index === null ? (m.steps[0]?.to ?? -1) < 0 : m.steps[0]?.to === cellOf(index),
  );
  if (move === undefined)
    throw new Error(`no move ${index} among ${JSON.stringify(moves.map((m) => m.steps[0]?.to))}`);
  r.play(move);
  return mover;
}

test("reversi imports with no errors, with the readings it rests on", () => {
  const r = importBagel("reversi.json", TEXT);
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const topics = r.report.readings.map((x) => x.topic);
  for (const t of [
    "InLine with runs",
    "ContainsSame",
    "SetState player",
    "PassTurn on NoPossibleMoves",
    "winners mapMax",
  ])
    expect(topics).toContain(t);
  expect(r.game.end[0]?.result).toMatchObject({ ranking: { score: { count: { type: "stone" } } } });
  expect(r.game.moves.find((m) => m.id === "place")?.priority).toBe(1);
  expect(r.game.moves.find((m) => m.id === "pass")?.priority).toBeUndefined();
  expect(JSON.stringify(r.game.moves)).toContain('"setOwner"');
});

test("perft from the start is standard Othello's: 4, 12, 56, 244, 1396", () => {
  const r = runtime(imported());
  expect([1, 2, 3, 4, 5].map((d) => perft(r, d))).toEqual([4, 12, 56, 244, 1396]);
});

describe("turning stones over", () => {
  test("a stone that flanks in several directions at once turns over every flanked stone, and only those", () => {
    // Row 0: X . X    Row 1: . O O    Row 2: X O [c6] O O X    Row 3: . . O O    Row 4: . . . . O
    const r = position([
      [0, "0"],
      [2, "0"],
      [9, "1"],
      [10, "1"],
      [16, "0"],
      [17, "1"],
      [19, "1"],
      [20, "1"],
      [21, "0"],
      [26, "1"],
      [27, "1"],
      [36, "1"],
    ]);
    expect(r.generate().map((m) => m.steps[0]?.to)).toEqual([cellOf(18)]);
    play(r, 18);
    // Up-left, up, left and right (two) turn over; down (nothing beyond) and down-right (no own stone) do not.
    expect([18, 9, 10, 17, 19, 20].map((i) => ownerAt(r, i))).toEqual([0, 0, 0, 0, 0, 0]);
    expect([26, 27, 36].map((i) => ownerAt(r, i))).toEqual([1, 1, 1]);
    expect([0, 2, 16, 21].map((i) => ownerAt(r, i))).toEqual([0, 0, 0, 0]);
  });

  test("taken back, the stones are the other player's again", () => {
    const r = position([
      [0, "0"],
      [1, "1"],
      [3, "1"],
      [4, "0"],
    ]);
    const mark = r.play(r.generate().find((m) => m.steps[0]?.to === cellOf(2)) as never, false);
    expect([1, 2, 3].map((i) => ownerAt(r, i))).toEqual([0, 0, 0]);
    r.undo(mark);
    expect([1, 2, 3].map((i) => ownerAt(r, i))).toEqual([1, null, 1]);
  });

  test("with three players a run of two other players' stones is flanked (the engine compares no player kept in state)", () => {
    const r = position(
      [
        [0, "0"],
        [1, "1"],
        [2, "2"],
        [40, "1"],
        [41, "2"],
      ],
      3,
    );
    expect(r.generate().map((m) => m.steps[0]?.to)).toEqual([cellOf(3)]);
    play(r, 3);
    expect([0, 1, 2, 3].map((i) => ownerAt(r, i))).toEqual([0, 0, 0, 0]);
  });
});

describe("passing and the end", () => {
  test("when both must pass the game ends, and the player with more stones wins", () => {
    // Player 0 in two corners (a8, a1), player 1 next to each (b8, a2).
    const r = position([
      [0, "0"],
      [1, "1"],
      [56, "0"],
      [48, "1"],
    ]);
    play(r, 2);
    // Player 1 has no placement: the pass is the only move, and one pass does not end the game.
    expect(r.generate()).toHaveLength(1);
    expect(r.outcome(play(r, null))).toBeNull();
    expect(r.outcome(play(r, 40))).toBeNull();
    expect(r.outcome(play(r, null))).toBeNull();
    // Nor has player 0 a placement now: the second pass in a row ends the game, 6 stones to 0.
    expect(r.generate()).toHaveLength(1);
    expect(r.outcome(play(r, null))).toMatchObject({ results: ["win", "loss"], scores: [6, 0] });
  });

  test("a pass when only the other player can place does not end the game", () => {
    const r = position([
      [0, "1"],
      [1, "0"],
    ]);
    expect(r.generate()).toHaveLength(1);
    expect(r.outcome(play(r, null))).toBeNull();
    play(r, 2);
    play(r, null);
    expect(r.outcome(play(r, null))).toMatchObject({ results: ["loss", "win"], scores: [0, 3] });
  });

  test("as many stones each is a draw", () => {
    const r = position([
      [0, "0"],
      [1, "1"],
      [61, "1"],
      [62, "1"],
      [63, "1"],
    ]);
    play(r, 2);
    play(r, null);
    expect(r.outcome(play(r, null))).toMatchObject({ results: ["draw", "draw"], scores: [3, 3] });
  });
});

describe("what is refused, located", () => {
  const refused = (text: string, pointer: string, code = "bagel-unsupported") => {
    const r = importBagel("reversi.json", text);
    expect(r.ok).toBe(false);
    expect(r.diagnostics.find((d) => d.code === code)).toMatchObject({
      file: "reversi.json",
      pointer,
      severity: "error",
    });
  };
  test("winners by mapMax over something other than the players", () => {
    refused(
      edit((g) => {
        g.endIf[0].result.winners.targets = { matchMultiple: true, conditions: [{ name: "stone" }] };
      }),
      "/endIf/0/result/winners/targets",
    );
  });
  test("winners given as anything but mapMax", () => {
    refused(
      edit((g) => {
        g.endIf[0].result.winners = ["0", "1"];
      }),
      "/endIf/0/result/winners",
    );
  });
  test("a PassTurn on NoPossibleMoves with other rules after it", () => {
    refused(
      edit((g) => {
        g.turn.initialMoves.push({ moveType: "Pass" });
      }),
      "/turn/initialMoves/0",
    );
  });
  test("a run of segments that does not start at the target", () => {
    refused(
      edit((g) => {
        g.moves.place.arguments.destination.conditions[1].sequence.reverse();
      }),
      "/moves/place/arguments/destination/conditions/1/sequence",
    );
  });
  test("a ForEach over what the lines found that does more than set one value", () => {
    refused(
      edit((g) => {
        g.moves.place.then[0].move = {
          moveType: "RemoveEntity",
          arguments: { entity: { type: "contextPath", path: ["loopTarget"] } },
        };
      }),
      "/moves/place/then/0/move",
    );
  });
});
