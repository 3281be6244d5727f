// How imported games look: seats named from one, a player's pieces in their seat's colour (X and O on a
// 3×3 board a line wins, a crown on a king type, plain discs otherwise), cards with their text.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { MatchTheme } from "@gridponder/match";
import { expect, test } from "vitest";
import { importBagel } from "../src/bagel/index.js";

const FIXTURES = join(import.meta.dirname, "../fixtures/bagel");

function load(file: string, text = readFileSync(join(FIXTURES, file), "utf8")) {
  const r = importBagel(file, text);
  if (!r.ok) throw new Error(`${file} did not import: ${JSON.stringify(r.diagnostics, null, 1)}`);
  return { ...r, theme: JSON.parse(r.files["theme.json"] as string) as MatchTheme };
}

/** Markers on a grid of this size, a line of `line` winning. */
const lineGame = (width: number, height: number, line: number, marker = "marker") =>
  JSON.stringify({
    entities: [
      { name: "grid", entityType: "Grid", width, height },
      { name: marker, perPlayer: true, count: "Infinity" },
    ],
    sharedBoard: [{ name: "grid" }],
    numPlayers: 2,
    moves: {
      place: {
        moveType: "PlaceNew",
        entity: {
          conditions: [
            {
              conditionType: "Is",
              matcher: { name: marker, player: { type: "ctxPath", path: ["currentPlayer"] } },
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
      },
    },
    endIf: [
      {
        conditions: [
          {
            conditionType: "HasLine",
            target: "grid",
            sequence: [
              { minCount: line, conditions: [{ conditionType: "ContainsSame", properties: ["player"] }] },
            ],
          },
        ],
        result: { winner: "ownerOfFirstResultEntity" },
      },
    ],
  });

test("seats are named from one: B.A.G.E.L.'s player 0 is Player 1", () => {
  expect(load("tic-tac-toe.json").game.seats.names).toEqual(["Player 1", "Player 2"]);
  expect(load("eights.json").game.seats.names).toEqual(["Player 1", "Player 2", "Player 3", "Player 4"]);
});

test("a 3×3 line game's markers are X and O, not the first letter of their name", () => {
  expect(load("tic-tac-toe.json").theme.pieces?.mark).toMatchObject({ shape: "disc", glyphs: ["X", "O"] });
  expect(load("ttt.json", lineGame(3, 3, 3)).theme.pieces?.marker?.glyphs?.slice(0, 2)).toEqual(["X", "O"]);
});

test("a larger line game's discs are plain, in the seats' colours", () => {
  const { theme } = load("four.json", lineGame(7, 6, 4, "disc"));
  expect(theme.pieces?.disc).toMatchObject({ shape: "disc", glyphs: [" "] });
  expect(theme.seats?.map((s) => s.color)).toHaveLength(2);
  // Every square is played: two close shades rather than a draughts board.
  expect(theme.board).toEqual({ light: "#e9e4d8", dark: "#d9d2c2" });
});

test("checkers' men are plain discs on a draughts board; a king kept in state is reported", () => {
  const { theme, report } = load("checkers.json");
  expect(theme.pieces?.man).toMatchObject({ shape: "disc", glyphs: [" "] });
  expect(theme.board).toEqual({ light: "#efe3c8", dark: "#5b7a4a" });
  expect(report.notCarried.map((x) => x.topic)).toContain("state crowned");
});

test("a king of its own type wears the draughts pack's crown", () => {
  const { theme } = load("kings.json", lineGame(5, 5, 5, "king"));
  expect(theme.pieces?.king?.glyphs).toEqual(["♛"]);
});

test("cards keep their text", () => {
  expect(load("eights.json").theme.pieces?.card).toMatchObject({ shape: "card", text: "{rank}{suit}" });
});
