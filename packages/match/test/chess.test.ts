import { describe, expect, test } from "vitest";
import { type MatchAction, perft } from "../src/index.js";
import { fenSetup } from "./fen.js";
import { runtimeOf, sessionOf } from "./packs.js";

const at = (fen: string) => runtimeOf("chess", { setup: fenSetup(fen) });

// Published perft counts (the Chess Programming Wiki's "Perft Results" page).
describe("chess perft from the data form", () => {
  test("start position, depth 1-4: 20, 400, 8,902, 197,281", () => {
    const r = runtimeOf("chess");
    expect([1, 2, 3, 4].map((d) => perft(r, d))).toEqual([20, 400, 8902, 197281]);
  });
  test.each([
    ["Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", [48, 2039, 97862]],
    ["position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812]],
    ["position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", [6, 264, 9467]],
    [
      "position 4, mirrored",
      "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
      [6, 264, 9467],
    ],
    ["position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", [44, 1486, 62379]],
  ])("%s, depth 1-3", (_name, fen, counts) => {
    const r = at(fen);
    expect(counts.map((_, i) => perft(r, i + 1))).toEqual(counts);
  });
  // Martin Sedlak's test positions (TalkChess): each aims at one rule's edge.
  test.each([
    ["an en passant capture that would expose the king", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888],
    ["en passant capture giving check", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467],
    ["short castling gives check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072],
    ["long castling gives check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711],
    ["castling rights lost by a capture", "1k6/1b6/8/8/7R/8/8/4K2R b K - 0 1", 5, 1063513],
  ])("%s (%s): perft %i = %i", (_name, fen, depth, count) => {
    expect(perft(at(fen), depth)).toBe(count);
  });
});

function play(fenOrStart: string | null, moves: MatchAction[]) {
  const s = fenOrStart === null ? sessionOf("chess") : sessionOf("chess", { setup: fenSetup(fenOrStart) });
  for (const m of moves) expect(s.act(m), JSON.stringify(m)).toMatchObject({ accepted: true });
  return s;
}

const legalKeys = (s: ReturnType<typeof play>) =>
  s
    .legalActions()
    .map((a) => `${a.move} ${a.from ?? ""}${a.to ?? ""}${a.choices ? `=${Object.values(a.choices)}` : ""}`);

describe("chess rules pinned", () => {
  test("fool's mate is checkmate: Black wins", () => {
    const s = play(null, [
      { move: "push", from: "f2", to: "f3" },
      { move: "push", from: "e7", to: "e6" },
      { move: "double-push", from: "g2", to: "g4" },
      { move: "queen", from: "d8", to: "h4" },
    ]);
    expect(s.outcome).toEqual({ reason: "checkmate", results: ["loss", "win"] });
    expect(s.legalActions()).toEqual([]);
  });
  test("stalemate is a draw", () => {
    // Black's king on h8 can go nowhere after Qf7, and is not in check.
    const t = play("7k/8/6Q1/8/8/8/8/K7 w - - 0 1", [{ move: "queen", from: "g6", to: "f7" }]);
    expect(t.outcome).toEqual({ reason: "stalemate", results: ["draw", "draw"] });
  });
  test("castling through an attacked square is refused, castling out of check too", () => {
    // The bishop on a6 attacks f1: White may castle queenside, not kingside.
    const s = play("r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1", []);
    expect(legalKeys(s)).toContain("castle-queenside e1c1");
    expect(legalKeys(s)).not.toContain("castle-kingside e1g1");
    // In check from the rook on e8: no castling at all.
    const t = play("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", []);
    expect(legalKeys(t).filter((k) => k.startsWith("castle"))).toEqual([]);
    // Castling moves the rook and spends both castling rights of the side.
    const u = play("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", [
      { move: "castle-kingside", from: "e1", to: "g1" },
    ]);
    const white = u.observe(null).board?.pieces.filter((p) => p.owner === 0);
    expect(white?.map((p) => `${p.type}@${p.at}`).sort()).toEqual(["king@g1", "rook@a1", "rook@f1"]);
  });
  test("en passant: only right after the double push, and it takes the pawn beside", () => {
    const s = play(null, [
      { move: "double-push", from: "e2", to: "e4" },
      { move: "push", from: "a7", to: "a6" },
      { move: "push", from: "e4", to: "e5" },
      { move: "double-push", from: "d7", to: "d5" },
    ]);
    expect(legalKeys(s)).toContain("en-passant e5d6");
    s.act({ move: "en-passant", from: "e5", to: "d6" });
    const pieces = s.observe(null).board?.pieces ?? [];
    expect(pieces.some((p) => p.at === "d5")).toBe(false);
    expect(pieces.find((p) => p.at === "d6")).toMatchObject({ type: "pawn", owner: 0 });
    // A move later the chance is gone.
    const t = play(null, [
      { move: "double-push", from: "e2", to: "e4" },
      { move: "push", from: "a7", to: "a6" },
      { move: "push", from: "e4", to: "e5" },
      { move: "double-push", from: "d7", to: "d5" },
      { move: "push", from: "h2", to: "h3" },
      { move: "push", from: "h7", to: "h6" },
    ]);
    expect(legalKeys(t).filter((k) => k.startsWith("en-passant"))).toEqual([]);
  });
  test("promotion offers four pieces and makes the one chosen", () => {
    const s = play("8/P6k/8/8/8/8/8/K7 w - - 0 1", []);
    expect(legalKeys(s).filter((k) => k.startsWith("push"))).toEqual([
      "push a7a8=queen",
      "push a7a8=rook",
      "push a7a8=bishop",
      "push a7a8=knight",
    ]);
    s.act({ move: "push", from: "a7", to: "a8", choices: { promotion: "knight" } });
    expect(s.observe(null).board?.pieces.find((p) => p.at === "a8")?.type).toBe("knight");
    expect(s.act({ move: "push", from: "a7", to: "a8" }).accepted).toBe(false);
  });
  test("a pinned piece may not move off its line", () => {
    const s = play("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", []);
    expect(legalKeys(s).filter((k) => k.startsWith("knight"))).toEqual([]);
  });
  test("the fifty-move rule, threefold repetition and insufficient material end in draws", () => {
    const fifty = play("7k/8/8/8/8/8/8/K6R w - - 99 80", [{ move: "rook", from: "h1", to: "g1" }]);
    expect(fifty.outcome?.reason).toBe("fifty-move rule");
    const shuffle: MatchAction[] = [
      { move: "knight", from: "g1", to: "f3" },
      { move: "knight", from: "g8", to: "f6" },
      { move: "knight", from: "f3", to: "g1" },
      { move: "knight", from: "f6", to: "g8" },
    ];
    const rep = play(null, [...shuffle, ...shuffle]);
    expect(rep.outcome?.reason).toBe("threefold repetition");
    expect(play(null, [...shuffle, ...shuffle.slice(0, 3)]).outcome).toBeNull();
    // A rook can still mate; a lone knight cannot.
    expect(play("8/8/8/3k4/8/3K4/8/6r1 w - - 0 1", []).outcome).toBeNull();
    expect(play("8/8/8/3k4/8/3K4/8/6n1 w - - 0 1", []).outcome?.reason).toBe("insufficient material");
    const taken = play("8/8/8/3k4/8/3K4/4r3/8 w - - 0 1", [{ move: "king", from: "d3", to: "e2" }]);
    expect(taken.outcome?.reason).toBe("insufficient material");
    // Bishops on squares of one colour cannot mate; on both colours they can.
    expect(play("8/8/8/2bk4/8/3K4/8/5B2 b - - 0 1", []).outcome).toBeNull();
    expect(
      play("8/8/8/2bk4/8/3K4/8/5B2 w - - 0 1", [{ move: "king", from: "d3", to: "c3" }]).outcome,
    ).toBeNull();
    expect(play("8/8/8/3k4/2b5/3K4/8/5B2 w - - 0 1", []).outcome?.reason).toBe("insufficient material");
  });
});
