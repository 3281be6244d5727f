import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importSdgdl } from "../src/index.js";

const CHESS = readFileSync(join(import.meta.dirname, "../fixtures/sdgdl/chess.json"), "utf8");

// biome-ignore lint/suspicious/noExplicitAny: each case reaches into the parsed source to damage one spot.
type Spec = Record<string, any>;

/** The completed chess with one change made to a fresh copy. */
function chessWith(change: (s: Spec) => void): string {
  const spec = JSON.parse(CHESS) as Spec;
  change(spec);
  return JSON.stringify(spec, null, 2);
}

const knight = "/interactions/list/knight_move";
const pawn = "/interactions/list/pawn_move";

/** [what, source text, the pointer of the first error, its code]. */
const CASES: [string, string, string, string][] = [
  ["truncated JSON", CHESS.slice(0, 2000), "", "json-syntax"],
  ["not an object", "[1, 2, 3]", "", "expected-object"],
  [
    "an unknown function",
    chessWith((s) => {
      s.interactions.list.knight_move.conditions[1] = "eq(entity.rank, rank_of('knight'))";
    }),
    `${knight}/conditions/1`,
    "unknown-function",
  ],
  [
    "an unclosed call",
    chessWith((s) => {
      s.interactions.list.pawn_move.effects[0] = "set(board[start], null";
    }),
    `${pawn}/effects/0`,
    "expression-syntax",
  ],
  [
    "the elided actions of Appendix A as printed",
    chessWith((s) => {
      s.game_flow.phases.main_turn.allowed_actions = ["pawn_move", "knight_move", "..."];
    }),
    "/game_flow/phases/main_turn/allowed_actions/2",
    "unknown-action",
  ],
  [
    "an unknown name",
    chessWith((s) => {
      s.interactions.list.pawn_move.conditions[2] = "eq(board[destination], null)";
    }),
    `${pawn}/conditions/2`,
    "unknown-name",
  ],
  [
    "a hex grid",
    chessWith((s) => {
      s.topology.structure = "hex_grid(11, 11)";
    }),
    "/topology/structure",
    "unsupported-topology",
  ],
  [
    "two phases",
    chessWith((s) => {
      s.game_flow.phases.second = { actors: "current_player", allowed_actions: ["pawn_move"] };
    }),
    "/game_flow/phases/second",
    "several-phases",
  ],
  [
    "setting whose turn it is",
    chessWith((s) => {
      s.interactions.list.pawn_move.effects.push(
        "set(state.current_player, other_player(state.current_player))",
      );
    }),
    `${pawn}/effects/4`,
    "set-current-player",
  ],
  [
    "an action on any player's entity",
    chessWith((s) => {
      s.interactions.list.knight_move.conditions.shift();
    }),
    `${knight}/conditions`,
    "owner-test",
  ],
  [
    "changing an owner",
    chessWith((s) => {
      s.interactions.list.knight_move.effects.push("set(entity.owner, player('Black'))");
    }),
    `${knight}/effects/4`,
    "set-owner",
  ],
  [
    "an unknown effect",
    chessWith((s) => {
      s.interactions.list.knight_move.effects.push("log(entity)");
    }),
    `${knight}/effects/4`,
    "unknown-effect",
  ],
  [
    "nesting without end",
    chessWith((s) => {
      s.interactions.list.knight_move.conditions[1] = `${"not(".repeat(500)}true${")".repeat(500)}`;
    }),
    `${knight}/conditions/1`,
    "expression-syntax",
  ],
  [
    "a prototype key as an action's name",
    chessWith((s) => {
      s.interactions.list = JSON.parse(
        `{"__proto__": {"conditions": [], "effects": []}, ${JSON.stringify(s.interactions.list).slice(1)}`,
      );
    }),
    "/interactions/list/__proto__",
    "unsafe-name",
  ],
  [
    "an entity off the board",
    chessWith((s) => {
      s.setup.steps[0].at[1] = "grid_nodes(8,0, 8,0)";
    }),
    "/setup/steps/0/at/1",
    "off-board",
  ],
  [
    "an entity put in a zone",
    chessWith((s) => {
      s.setup.steps[0].at[1] = "zone('deck')";
    }),
    "/setup/steps/0/at/1",
    "unsupported-position",
  ],
  [
    "an unknown setup action",
    chessWith((s) => {
      s.setup.steps[2].action = "shuffle_zone";
    }),
    "/setup/steps/2/action",
    "unknown-setup-action",
  ],
  [
    "an unknown function in an end condition",
    chessWith((s) => {
      s.end_conditions.conditions[0].condition = "checkmated(opponent_of(p))";
    }),
    "/end_conditions/conditions/0/condition",
    "unknown-function",
  ],
  [
    "an unknown kind of ending",
    chessWith((s) => {
      s.end_conditions.conditions[0].type = "conquest";
    }),
    "/end_conditions/conditions/0/type",
    "unknown-result",
  ],
  [
    "conditions as a string",
    chessWith((s) => {
      s.interactions.list.knight_move.conditions = "eq(entity.rank, 'knight')";
    }),
    `${knight}/conditions`,
    "expected-list",
  ],
  [
    "a call with too few arguments",
    chessWith((s) => {
      s.interactions.list.knight_move.conditions[1] = "eq(entity.rank)";
    }),
    `${knight}/conditions/1`,
    "arity",
  ],
  [
    "an unknown role",
    chessWith((s) => {
      s.setup.steps[3].set_attributes.owner = "player('Red')";
    }),
    "/setup/steps/3/set_attributes/owner",
    "unknown-owner",
  ],
  [
    "a kind compared with a number",
    chessWith((s) => {
      s.interactions.list.knight_move.conditions[1] = "eq(entity.rank, 5)";
    }),
    `${knight}/conditions/1`,
    "compare-kind",
  ],
  [
    "an unknown state variable",
    chessWith((s) => {
      s.interactions.list.knight_move.conditions.push("eq(state.turn_direction, 1)");
    }),
    `${knight}/conditions/4`,
    "unknown-state",
  ],
  [
    "an unknown attribute type",
    chessWith((s) => {
      s.entity_schemas.types.Piece.attributes.moved = { type: "timestamp" };
    }),
    "/entity_schemas/types/Piece/attributes/moved/type",
    "unknown-type",
  ],
];

describe("malformed state-driven GDL sources", () => {
  it.each(CASES)("%s: a located error, no pack", (_what, text, pointer, code) => {
    const result = importSdgdl("spec.json", text);
    expect(result.ok).toBe(false);
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    const hit = errors.find((d) => d.code === code);
    expect(hit, JSON.stringify(errors, null, 1)).toBeDefined();
    expect(hit?.file).toBe("spec.json");
    expect(hit?.pointer).toBe(pointer);
    expect(hit?.message.length).toBeGreaterThan(10);
    expect(hit?.line).toBeGreaterThan(0);
  });

  it("never throws on random damage to the source", () => {
    // Cut the text at many points and flip characters: every outcome is a result, never an exception.
    let refused = 0;
    for (let i = 0; i < 120; i++) {
      const cut = (i * 7919) % CHESS.length;
      const flipped = `${CHESS.slice(0, cut)}${"{}[],:\"'()x0".charAt(i % 12)}${CHESS.slice(cut + 1)}`;
      for (const text of [CHESS.slice(0, cut), flipped]) {
        const result = importSdgdl("spec.json", text);
        if (!result.ok) refused++;
        else expect(result.files["game.json"]).toBeTruthy();
      }
    }
    expect(refused).toBeGreaterThan(120);
  });
});
