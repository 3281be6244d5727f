// How long a turn lasts, as board-game-engine 2.1.0 plays it (observed running the engine as a black
// box): with no `turn` object a turn is one move; a `turn` without `maxMoves` sets no limit, so the player
// moves again until a move's rules run EndTurn or PassTurn; `maxMoves: 1` ends the turn after every move.
// The games below are a row of five spaces on which the players put their markers.
import { compileGame, type MatchGame, MatchRuntime } from "@gridponder/match";
import { describe, expect, test } from "vitest";
import { importBagel } from "../src/bagel/index.js";

// biome-ignore lint/suspicious/noExplicitAny: the tests build B.A.G.E.L. JSON freely.
type Game = Record<string, any>;

const place = (then?: unknown[]): Game => ({
  moveType: "PlaceNew",
  entity: {
    conditions: [
      {
        conditionType: "Is",
        matcher: { name: "marker", player: { type: "ctxPath", path: ["currentPlayer"] } },
      },
    ],
  },
  arguments: {
    destination: {
      playerChoice: true,
      conditions: [
        { conditionType: "Is", matcher: { entityType: "Space" } },
        { conditionType: "Not", conditions: [{ conditionType: "Contains" }] },
      ],
    },
  },
  ...(then ? { then } : {}),
});

const row = (extra: Game): Game => ({
  entities: [
    { name: "row", entityType: "Grid", width: 5, height: 1 },
    { name: "marker", perPlayer: true, count: "Infinity" },
  ],
  sharedBoard: [{ name: "row" }],
  numPlayers: 2,
  moves: { place: place() },
  endIf: [{ conditions: [{ conditionType: "IsFull", target: "row" }], result: { draw: true } }],
  ...extra,
});

function imported(g: Game): { game: MatchGame; readings: { topic: string; text: string }[] } {
  const r = importBagel("row.json", JSON.stringify(g));
  if (!r.ok) throw new Error(`did not import: ${JSON.stringify(r.diagnostics, null, 1)}`);
  return { game: r.game, readings: r.report.readings };
}

function runtime(game: MatchGame): MatchRuntime {
  const c = compileGame(game, 2, game.setup);
  if (!c.ok) throw new Error(JSON.stringify(c.errors));
  return MatchRuntime.start(c.game, c.setup, 1);
}

/** Plays the move `id` onto the first empty space; returns the seat to move after it. */
function play(r: MatchRuntime, id = "place"): number {
  const m = r.generate().find((x) => r.g.moves[x.steps[0]?.def ?? -1]?.id === id);
  if (m === undefined) throw new Error(`no ${id} move`);
  r.play(m);
  return r.s.current;
}

describe("a turn without maxMoves", () => {
  test("a move whose rules do not end the turn keeps it: the player moves again", () => {
    const r = runtime(imported(row({ turn: {} })).game);
    expect(r.s.current).toBe(0);
    expect([play(r), play(r), play(r)]).toEqual([0, 0, 0]);
  });

  test("a move whose `then` runs EndTurn passes the turn", () => {
    const r = runtime(imported(row({ turn: {}, moves: { place: place([{ moveType: "EndTurn" }]) } })).game);
    expect([play(r), play(r), play(r)]).toEqual([1, 0, 1]);
  });

  test("two moves, one ending the turn and one not", () => {
    const r = runtime(
      imported(row({ turn: {}, moves: { place: place(), placeLast: place([{ moveType: "PassTurn" }]) } }))
        .game,
    );
    expect([play(r, "place"), play(r, "place"), play(r, "placeLast"), play(r, "place")]).toEqual([
      0, 0, 1, 1,
    ]);
  });

  test("an EndTurn under a condition ends the turn only when it holds", () => {
    // The engine: player 0 places all five markers, the turn passing only once the row is full.
    const { game } = imported(
      row({
        turn: {},
        endIf: [],
        moves: {
          place: place([{ moveType: "EndTurn", conditions: [{ conditionType: "IsFull", target: "row" }] }]),
        },
      }),
    );
    expect(game.variables?.turnSettled).toMatchObject({ type: "bool", position: false });
    const r = runtime(game);
    expect([play(r), play(r), play(r), play(r), play(r)]).toEqual([0, 0, 0, 0, 1]);
  });

  test("a phase's own `turn` without maxMoves, in a game without one", () => {
    const g = row({ phases: { main: { start: true, turn: {}, moves: { place: place() } } } });
    delete g.moves;
    const r = runtime(imported(g).game);
    expect([play(r), play(r)]).toEqual([0, 0]);
  });
});

describe("one move per turn", () => {
  test("no `turn` object at all: the engine's default, one move", () => {
    const { game, readings } = imported(row({}));
    const r = runtime(game);
    expect([play(r), play(r), play(r)]).toEqual([1, 0, 1]);
    expect(readings.find((x) => x.topic === "turn length")?.text).toContain(
      "the game has no `turn`: one move per turn",
    );
  });

  test("maxMoves 1 ends the turn even after a move that sends the player to a stage without moves", () => {
    const g = row({
      turn: {
        maxMoves: 1,
        activePlayers: { currentPlayer: "placing" },
        stages: {
          placing: {
            moves: {
              place: place([{ moveType: "SetActivePlayers", options: { currentPlayer: { stage: "done" } } }]),
            },
          },
          done: { initialMoves: [] },
        },
      },
    });
    delete g.moves;
    const r = runtime(imported(g).game);
    expect([play(r, "placing-place"), play(r, "placing-place")]).toEqual([1, 0]);
  });

  test("the report says what was observed and how this game's turn was read", () => {
    const { readings } = imported(row({ turn: {} }));
    const text = readings.find((x) => x.topic === "turn length")?.text ?? "";
    expect(text).toContain("board-game-engine 2.1.0");
    expect(text).toContain("A `turn` object without `maxMoves` sets no limit");
    expect(text).toContain("/turn has no maxMoves");
  });
});

describe("what cannot be translated exactly is refused, located", () => {
  const refused = (g: Game, pointer: string, message: RegExp) => {
    const r = importBagel("row.json", JSON.stringify(g));
    expect(r.ok).toBe(false);
    const d = r.diagnostics.find((x) => x.severity === "error");
    expect(d).toMatchObject({ file: "row.json", pointer, code: "bagel-unsupported" });
    expect(d?.message).toMatch(message);
  };

  test("a move that keeps the turn where the turn's PassTurn on NoPossibleMoves runs only as it begins", () => {
    refused(
      row({
        turn: {
          initialMoves: [{ moveType: "PassTurn", conditions: [{ conditionType: "NoPossibleMoves" }] }],
        },
      }),
      "/moves/place",
      /may leave the turn going on.*runs only as the turn begins.*expected EndTurn/,
    );
  });

  test("SetActivePlayers to a stage with moves in a turn of one move", () => {
    const g = row({
      turn: {
        maxMoves: 1,
        activePlayers: { currentPlayer: "first" },
        stages: {
          first: {
            moves: {
              place: place([
                { moveType: "SetActivePlayers", options: { currentPlayer: { stage: "second" } } },
              ]),
            },
          },
          second: { moves: { place: place([{ moveType: "EndTurn" }]) } },
        },
      },
    });
    delete g.moves;
    refused(
      g,
      "/turn/stages/first/moves/place/then/0/options/currentPlayer/stage",
      /the stage's moves are never made/,
    );
  });

  test("maxMoves other than 1, and minMoves above 1", () => {
    refused(row({ turn: { maxMoves: 2 } }), "/turn/maxMoves", /maxMoves 2 is not supported.*expected 1/);
    refused(row({ turn: { minMoves: 2 } }), "/turn/minMoves", /ignores EndTurn/);
  });
});
