// Malformed B.A.G.E.L. games: each gives a located diagnostic (file, JSON pointer, code) and no pack;
// none hangs or throws.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { importBagel } from "../src/bagel/index.js";

const FIXTURES = join(import.meta.dirname, "../fixtures/bagel");
const TTT = readFileSync(join(FIXTURES, "tic-tac-toe.json"), "utf8");
const CHECKERS = readFileSync(join(FIXTURES, "checkers.json"), "utf8");
const EIGHTS = readFileSync(join(FIXTURES, "eights.json"), "utf8");

// biome-ignore lint/suspicious/noExplicitAny: the tests edit parsed JSON freely.
type Game = Record<string, any>;
const edit = (text: string, f: (g: Game) => void): string => {
  const g = JSON.parse(text) as Game;
  f(g);
  return JSON.stringify(g);
};
const MOVE = (g: Game) => g.moves.markCell;

/** A `then` chain `n` rules deep. */
function deepThen(n: number): Game {
  let rule: Game = { moveType: "Pass" };
  // biome-ignore lint/suspicious/noThenProperty: a B.A.G.E.L. move rule's follow-ups are its `then`.
  for (let i = 0; i < n; i++) rule = { moveType: "Pass", then: [rule] };
  return rule;
}

const CASES: { name: string; text: string; pointer: string; code: string; message?: RegExp }[] = [
  { name: "truncated JSON", text: TTT.slice(0, TTT.length / 2), pointer: "", code: "json-syntax" },
  { name: "not an object", text: "[1, 2]", pointer: "", code: "bagel-expected-game" },
  {
    name: "unknown moveType",
    text: edit(TTT, (g) => {
      MOVE(g).moveType = "Teleport";
    }),
    pointer: "/moves/markCell/moveType",
    code: "bagel-unknown-move-type",
    message: /unknown moveType the string "Teleport"; expected one of PlaceNew, MoveEntity/,
  },
  {
    name: "unknown conditionType",
    text: edit(TTT, (g) => {
      MOVE(g).arguments.destination.thatMatches.push({ conditionType: "Foo" });
    }),
    pointer: "/moves/markCell/arguments/destination/thatMatches/2/conditionType",
    code: "bagel-unknown-condition",
    message: /unknown conditionType "Foo"; expected one of Is, Not, Or/,
  },
  {
    name: "bad expression syntax",
    text: edit(CHECKERS, (g) => {
      g.endIf[0].conditions[0].expression = "passes > > 0";
    }),
    pointer: "/endIf/0/conditions/0/expression",
    code: "bagel-expression-syntax",
  },
  {
    name: "unknown function in an expression",
    text: edit(CHECKERS, (g) => {
      g.endIf[0].conditions[0].expression = "random(passes) > 0";
    }),
    pointer: "/endIf/0/conditions/0/expression",
    code: "bagel-expression-unknown-function",
    message: /unknown function "random"/,
  },
  {
    name: "a `then` chain too deep",
    text: edit(TTT, (g) => {
      // biome-ignore lint/suspicious/noThenProperty: a B.A.G.E.L. move rule's follow-ups are its `then`.
      MOVE(g).then = [deepThen(40)];
    }),
    pointer: `/moves/markCell/then/0${"/then/0".repeat(32)}`,
    code: "bagel-too-deep",
  },
  {
    name: "stages that fall through to each other in a cycle",
    text: edit(CHECKERS, (g) => {
      g.turn.stages.plainMove.initialMoves = [
        {
          moveType: "SetActivePlayers",
          options: { currentPlayer: { stage: "mustCapture" } },
          conditions: [{ conditionType: "NoPossibleMoves" }],
        },
      ];
    }),
    pointer: "/turn/stages/mustCapture",
    code: "bagel-stage-cycle",
  },
  {
    name: "an unbounded bank enumerated",
    text: edit(EIGHTS, (g) => {
      g.entities.push({ name: "chip", count: "Infinity" });
      g.initialMoves.push({
        moveType: "PlaceNew",
        matchMultiple: true,
        entity: { conditions: [{ conditionType: "Is", matcher: { name: "chip" } }] },
        arguments: { destination: { conditions: [{ conditionType: "Is", matcher: { name: "pile" } }] } },
      });
    }),
    pointer: "/initialMoves/1/entity",
    code: "bagel-unbounded-enumeration",
  },
  {
    name: "a count too large",
    text: edit(CHECKERS, (g) => {
      g.entities[1].count = 1e9;
    }),
    pointer: "/entities/1/count",
    code: "bagel-count-too-large",
  },
  {
    name: "a wrong type: the grid's width a string",
    text: edit(TTT, (g) => {
      g.entities[0].width = "three";
    }),
    pointer: "/entities/0/width",
    code: "bagel-bad-size",
  },
  {
    name: "a wrong type: entities an object",
    text: edit(TTT, (g) => {
      g.entities = { board: true };
    }),
    pointer: "/entities",
    code: "bagel-expected-entities",
  },
  {
    name: "entities missing",
    text: edit(TTT, (g) => {
      delete g.entities;
    }),
    pointer: "",
    code: "bagel-missing-entities",
  },
  {
    name: "no moves",
    text: edit(TTT, (g) => {
      g.moves = {};
    }),
    pointer: "/moves",
    code: "bagel-no-moves",
  },
  {
    name: "an unknown stage in activePlayers",
    text: edit(CHECKERS, (g) => {
      g.turn.activePlayers.currentPlayer = "jumpFirst";
    }),
    pointer: "/turn/activePlayers/currentPlayer",
    code: "bagel-unknown-stage",
    message: /no stage named "jumpFirst"; expected one of mustCapture/,
  },
  {
    name: "an unknown entity name in a matcher",
    text: edit(TTT, (g) => {
      MOVE(g).entity.thatMatches[0].matcher.name = "cross";
    }),
    pointer: "/moves/markCell/entity/thatMatches/0/matcher/name",
    code: "bagel-unknown-entity",
  },
  {
    name: "a prototype key as an entity name",
    text: TTT.replace('"name": "mark"', '"name": "__proto__"'),
    pointer: "/entities/1/name",
    code: "bagel-bad-name",
  },
  {
    name: "a prototype key as a move name",
    text: edit(TTT, (g) => {
      g.moves = { constructor: MOVE(g) };
    }),
    pointer: "/moves/constructor",
    code: "bagel-bad-name",
  },
  {
    name: "an unknown value reference type",
    text: edit(CHECKERS, (g) => {
      g.endIf[0].result.winner = { type: "randomPlayer" };
    }),
    pointer: "/endIf/0/result/winner/type",
    code: "bagel-unknown-value-type",
  },
  {
    name: "an unknown top-level key",
    text: edit(TTT, (g) => {
      g.gravity = true;
    }),
    pointer: "/gravity",
    code: "bagel-unknown-key",
  },
  {
    name: "a piece given to something that is not a player (SetState player to true)",
    text: edit(CHECKERS, (g) => {
      g.turn.stages.promote.initialMoves[0].move.arguments.state.property = "player";
    }),
    pointer: "/turn/stages/promote/initialMoves/0/move/arguments/state/value",
    code: "bagel-bad-player",
  },
];

test.each(CASES)("$name: a located diagnostic and no pack", ({ text, pointer, code, message }) => {
  const r = importBagel("game.json", text);
  expect(r.ok).toBe(false);
  const d = r.diagnostics.find((x) => x.code === code);
  expect(
    d,
    JSON.stringify(
      r.diagnostics.map((x) => [x.pointer, x.code, x.message]),
      null,
      1,
    ),
  ).toBeDefined();
  expect(d).toMatchObject({ file: "game.json", pointer, severity: "error" });
  if (message) expect(d?.message).toMatch(message);
  if (text.trim().startsWith("{") && pointer !== "") expect(typeof d?.line).toBe("number");
});

test("there are at least 12 malformed cases", () => {
  expect(CASES.length).toBeGreaterThanOrEqual(12);
});

test("garbage of every JSON type anywhere never throws", () => {
  const base = JSON.parse(CHECKERS) as Game;
  const junk: unknown[] = [
    null,
    0,
    -1,
    1.5,
    "x",
    [],
    {},
    [null],
    { type: "contextPath", path: [] },
    "__proto__",
  ];
  let n = 0;
  const walk = (node: unknown, path: (string | number)[]) => {
    if (n > 600 || node === null || typeof node !== "object") return;
    for (const key of Object.keys(node as object)) {
      for (const j of junk.slice(0, 4)) {
        const copy = JSON.parse(JSON.stringify(base)) as Game;
        let at: Game = copy;
        for (const p of path) at = at[p as string];
        at[key] = j;
        n++;
        expect(() => importBagel("g.json", JSON.stringify(copy))).not.toThrow();
      }
      walk((node as Game)[key], [...path, key]);
    }
  };
  walk(base, []);
});
