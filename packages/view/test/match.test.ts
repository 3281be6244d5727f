import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compileGame, type MatchGame, MatchSession, type MatchTheme } from "@gridponder/match";
import { describe, expect, test } from "vitest";
import {
  describeMatchMove,
  describeOutcome,
  EMPTY_PICK,
  matchLook,
  matchScene,
  matchTable,
  pickCard,
  pickCell,
  pickChoice,
  pickOptions,
} from "../src/match/index.js";

const PACKS = join(import.meta.dirname, "../../../packs");

function session(pack: string, seats?: number, seed = 1, setup?: MatchGame["setup"]) {
  const game = JSON.parse(readFileSync(join(PACKS, pack, "game.json"), "utf8")) as MatchGame;
  let theme: MatchTheme | undefined;
  try {
    theme = JSON.parse(readFileSync(join(PACKS, pack, "theme.json"), "utf8")) as MatchTheme;
  } catch {
    theme = undefined;
  }
  const c = compileGame(game, seats ?? game.seats.min, setup ?? game.setup);
  if (!c.ok) throw new Error(JSON.stringify(c.errors));
  const s = new MatchSession(c.game, c.setup, { seed });
  return { s, look: matchLook(c.game, theme) };
}

/** Black's man on a3 can take b4 and then d6: a double jump. */
const DOUBLE_JUMP = [
  "........",
  "........",
  "...w....",
  "........",
  ".w......",
  "b.......",
  "........",
  "........",
];
const MEN = { b: { type: "man", owner: 0 }, w: { type: "man", owner: 1 } };

describe("picking a move step by step", () => {
  test("a chess move: a piece, then its square; a promotion asks for the piece", () => {
    const { s } = session("chess");
    const legal = s.legalActions();
    const start = pickOptions(legal, EMPTY_PICK);
    // Sixteen pieces could be chosen... only those with a move: eight pawns and two knights.
    expect(start.cells).toHaveLength(10);
    const knight = pickCell(legal, EMPTY_PICK, "g1");
    expect([...pickOptions(legal, knight).cells].sort()).toEqual(["f3", "h3"]);
    const there = pickCell(legal, knight, "f3");
    expect(pickOptions(legal, there).action).toEqual({ move: "knight", from: "g1", to: "f3" });
    // Choosing another of one's pieces starts again from it; an empty square clears the pick.
    expect(pickCell(legal, knight, "e2")).toEqual({ cells: ["e2"], piece: null });
    expect(pickCell(legal, knight, "e5")).toEqual(EMPTY_PICK);
  });
  test("a promotion is asked as a choice", () => {
    const { s } = session("chess");
    s.replay([
      "double-push@b2>b4",
      "double-push@a7>a5",
      "pawn-capture@b4>a5",
      "knight@b8>c6",
      "push@a5>a6",
      "push@h7>h6",
    ]);
    s.replay(["pawn-capture@a6>b7", "push@h6>h5"]);
    const legal = s.legalActions();
    const pick = pickCell(legal, pickCell(legal, EMPTY_PICK, "b7"), "a8");
    const options = pickOptions(legal, pick);
    expect(options.action).toBeNull();
    expect(options.choice).toEqual({ name: "promotion", options: ["queen", "rook", "bishop", "knight"] });
    expect(pickChoice(legal, pick, "promotion", "knight")).toMatchObject({
      move: "pawn-capture",
      from: "b7",
      to: "a8",
      choices: { promotion: "knight" },
    });
  });
  test("a checkers chain is chosen landing by landing", () => {
    const { s } = session("checkers", 2, 1, {
      board: [...DOUBLE_JUMP.slice(0, 6), ".......b", "........"],
      legend: MEN,
    });
    const legal = s.legalActions();
    expect(pickOptions(legal, EMPTY_PICK).cells).toEqual(["a3"]);
    const first = pickCell(legal, EMPTY_PICK, "a3");
    expect(pickOptions(legal, first).cells).toEqual(["c5"]);
    const second = pickCell(legal, first, "c5");
    // Landing on c5 is not a move yet: the chain must go on.
    expect(pickOptions(legal, second)).toMatchObject({ cells: ["e7"], action: null });
    expect(pickOptions(legal, pickCell(legal, second, "e7")).action).toEqual({
      move: "jump",
      from: "a3",
      to: "c5",
      chain: [{ move: "jump", to: "e7" }],
    });
  });
  test("a chain that may stop: landing on c5 is a move, and the pick can go on or finish there", () => {
    const game = JSON.parse(readFileSync(join(PACKS, "checkers", "game.json"), "utf8")) as MatchGame;
    for (const move of game.moves) if (move.chain) move.chain.optional = true;
    const c = compileGame(game, 2, { board: DOUBLE_JUMP, legend: MEN });
    if (!c.ok) throw new Error(JSON.stringify(c.errors));
    const legal = new MatchSession(c.game, c.setup, { seed: 1 }).legalActions();
    // Two moves: the single jump and the double one.
    expect(legal.map((a) => [a.to, ...(a.chain ?? []).map((x) => x.to)])).toEqual([["c5"], ["c5", "e7"]]);
    const second = pickCell(legal, pickCell(legal, EMPTY_PICK, "a3"), "c5");
    const options = pickOptions(legal, second);
    expect(options.cells).toEqual(["e7"]);
    expect(options.action).toBeNull();
    expect(options.finish).toEqual({ move: "jump", from: "a3", to: "c5" });
    // Once nothing could follow there is no finish to offer: the pick is the move.
    const last = pickOptions(legal, pickCell(legal, second, "e7"));
    expect(last.finish).toBeNull();
    expect(last.action?.chain).toEqual([{ move: "jump", to: "e7" }]);
  });
  test("a card, then a suit for an eight; a draw is a button", () => {
    const { s } = session("eights", 2, 4);
    const legal = s.legalActions();
    const start = pickOptions(legal, EMPTY_PICK);
    expect(start.cells).toEqual([]);
    expect(start.buttons.length + start.cards.length).toBeGreaterThan(0);
    for (const card of start.cards) {
      const options = pickOptions(legal, pickCard(legal, card));
      if (options.choice) expect(options.choice.options).toEqual(["clubs", "diamonds", "hearts", "spades"]);
      else expect(options.action?.piece).toBe(card);
    }
  });
});

describe("the board and the table", () => {
  test("a chess board scene: 64 squares, 32 pieces, a1 bottom left, marks coloured", () => {
    const { s, look } = session("chess");
    const scene = matchScene(s.observe(0), look, { selected: "e2", targets: ["e3", "e4"] });
    expect(scene?.width).toBe(8);
    expect(scene?.pieces.filter((p) => p.layer === "board")).toHaveLength(64);
    expect(scene?.pieces.filter((p) => p.layer === "pieces")).toHaveLength(32);
    const at = (x: number, y: number) => scene?.layers[1]?.cells[y * 8 + x];
    expect(at(4, 7)?.kind).toBe("king");
    expect(at(4, 0)?.kind).toBe("king");
    expect(at(4, 7)?.appearance.color).toBe(look.seatColors[0]);
    const square = (x: number, y: number) => scene?.layers[0]?.cells[y * 8 + x]?.appearance.color;
    expect(square(4, 6)).toBe(look.selectColor);
    expect(square(4, 4)).not.toBe(square(2, 4));
  });
  test("Eights' table shows a seat its own hand and the discard's cards, and face-down cards as nothing", () => {
    const { s, look } = session("eights", 3, 8);
    const table = matchTable(s.game, look, s.observe(1));
    const mine = table.find((z) => z.id === "hand" && z.seat === 1);
    expect(mine?.cards.every((c) => c.id !== null && c.text !== "")).toBe(true);
    for (const other of table.filter((z) => z.id === "hand" && z.seat !== 1))
      expect(other.cards.every((c) => c.id === null && c.text === "" && c.name === "face-down card")).toBe(
        true,
      );
    const top = table.find((z) => z.id === "discard")?.cards.at(-1);
    expect(top?.text).toMatch(/^(A|[2-9]|10|J|Q|K)[♣♦♥♠]$/);
    expect(top?.color === "#c0392b").toBe(/[♦♥]/.test(top?.text ?? ""));
  });
  test("moves and endings in words", () => {
    const { s, look } = session("chess");
    s.act("double-push@f2>f4");
    expect(
      describeMatchMove(s.game, look, 0, { move: "double-push", from: "f2", to: "f4" }, s.observe(1)),
    ).toBe("White: Pawn double push f2 to f4");
    s.replay(["double-push@e7>e5", "double-push@g2>g4", "queen@d8>h4"]);
    expect(describeOutcome(s.game, s.outcome ?? { reason: "", results: [] })).toBe("Checkmate: Black wins.");
  });
});
