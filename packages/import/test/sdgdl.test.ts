import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compileGame, type MatchGame, MatchRuntime, perft } from "@gridponder/match";
import { validateMatchPack } from "@gridponder/match/validate";
import { describe, expect, it } from "vitest";
import { importSdgdl } from "../src/index.js";

const FIXTURES = join(import.meta.dirname, "../fixtures/sdgdl");
const PACKS = join(import.meta.dirname, "../../../packs");

const source = (name: string) => readFileSync(join(FIXTURES, `${name}.json`), "utf8");

function imported(name: string) {
  const result = importSdgdl(`${name}.json`, source(name));
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics, null, 1));
  return result;
}

function runtimeOf(game: MatchGame): MatchRuntime {
  const c = compileGame(game, game.seats.min, game.setup);
  if (!c.ok) throw new Error(JSON.stringify(c.errors));
  return MatchRuntime.start(c.game, c.setup, 1);
}

describe("the state-driven GDL's chess (Appendix A, completed)", () => {
  const result = imported("chess");

  it("imports into a pack the match validator accepts with no finding", () => {
    const checked = validateMatchPack(result.files);
    expect(checked.diagnostics).toEqual([]);
    expect(checked.ok).toBe(true);
  });

  it("counts 20, 400 and 8,902 positions from the start to depth 3", () => {
    const r = runtimeOf(result.game);
    expect([1, 2, 3].map((d) => perft(r, d))).toEqual([20, 400, 8902]);
  });

  it("reports the chess rules the source lacks instead of inventing them", () => {
    const topics = result.report.lacks.map((l) => l.topic);
    expect(topics).toEqual(
      expect.arrayContaining(["Castling", "En passant", "Check and checkmate", "Under-promotion"]),
    );
    expect(result.files["import-report.md"]).toContain("## Rules the source does not state");
    expect(result.report.readings.map((r) => r.topic)).toContain("Forced actions");
  });

  it("slides are blocked by pieces between, via path_clear", () => {
    const r = runtimeOf(result.game);
    // From the start, no rook, bishop or queen can move: every line out of the back rank is blocked.
    const sliders = r
      .generate()
      .filter((m) => /^(rook|bishop|queen)/.test(result.game.moves[m.steps[0]?.def ?? 0]?.id ?? ""));
    expect(sliders).toEqual([]);
  });

  it("a pawn reaching the last row becomes a queen", () => {
    const game: MatchGame = {
      ...result.game,
      setup: {
        pieces: [
          { at: "a7", type: "pawn", owner: 0 },
          { at: "e1", type: "king", owner: 0 },
          { at: "e8", type: "king", owner: 1 },
        ],
      },
    };
    const r = runtimeOf(game);
    const push = r.generate().find((m) => m.steps[0]?.to === 56) as NonNullable<
      ReturnType<MatchRuntime["generate"]>[number]
    >;
    expect(push).toBeDefined();
    r.play(push, false);
    const piece = r.s.cells[56] as number;
    expect(result.game.pieces).toHaveProperty("queen");
    expect(Object.keys(result.game.pieces)[r.s.ptype[piece] as number]).toBe("queen");
  });
});

describe("a checkers written from Section 7.1", () => {
  const result = imported("checkers");
  const ours = JSON.parse(readFileSync(join(PACKS, "checkers/game.json"), "utf8")) as MatchGame;

  it("matches our checkers' perft to depth 5", () => {
    const a = runtimeOf(result.game);
    const b = runtimeOf(ours);
    const depths = [1, 2, 3, 4, 5];
    const theirs = depths.map((d) => perft(a, d));
    expect(theirs).toEqual(depths.map((d) => perft(b, d)));
    expect(theirs).toEqual([7, 49, 302, 1469, 7361]);
  });

  it("forces a jump when one exists; a multi-jump may stop after any jump, as the implementation lets it", () => {
    const game: MatchGame = {
      ...result.game,
      setup: {
        pieces: [
          { at: "a1", type: "man", owner: 0 },
          { at: "b2", type: "man", owner: 1 },
          { at: "d4", type: "man", owner: 1 },
          { at: "g1", type: "man", owner: 0 },
          { at: "h8", type: "man", owner: 1 },
        ],
      },
    };
    const moves = runtimeOf(game).generate();
    // Jumps only (the quiet step of g1 is not allowed): a1×c3, which may end there, or a1×c3×e5.
    expect(moves.map((m) => m.steps.map((s) => s.to))).toEqual([[18], [18, 36]]);
  });
});
