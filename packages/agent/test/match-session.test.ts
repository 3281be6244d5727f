import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { MatchAction, MatchGame, MatchManifest, MatchTheme } from "@gridponder/match";
import { describe, expect, test } from "vitest";
import { MatchAgentSession, type MatchPackData, type MatchResponse } from "../src/index.js";

const PACKS = join(import.meta.dirname, "../../../packs");
function pack(name: string): MatchPackData {
  const read = (file: string) => JSON.parse(readFileSync(join(PACKS, name, file), "utf8")) as unknown;
  let theme: MatchTheme | undefined;
  try {
    theme = read("theme.json") as MatchTheme;
  } catch {
    theme = undefined;
  }
  return {
    manifest: read("manifest.json") as MatchManifest,
    game: read("game.json") as MatchGame,
    ...(theme ? { theme } : {}),
  };
}

const send = (s: MatchAgentSession, request: object): MatchResponse => s.handleLine(JSON.stringify(request));

describe("an agent's match session", () => {
  test("tic-tac-toe against alpha-beta: acts by key, the bot answers, refusals and malformed moves counted", () => {
    const s = new MatchAgentSession(pack("tic-tac-toe"), { now: null });
    const start = send(s, { type: "start", id: 1 });
    expect(start).toMatchObject({
      id: 1,
      type: "start",
      ok: true,
      level: "standard",
      status: "playing",
      moves: 0,
    });
    expect(start.type === "start" && start.observation.form === "text" && start.observation.text).toContain(
      "It is your move.",
    );
    const legal = send(s, { type: "legal_actions" });
    expect(legal.type === "legal_actions" && legal.actions).toHaveLength(9);
    const first = send(s, { type: "act", action: "mark>b2" });
    expect(first).toMatchObject({ type: "act", outcome: "accepted", moves: 1 });
    // The bot has answered: two marks on the board, and the text says what it did.
    expect(s.session.log).toHaveLength(2);
    expect(first.type === "act" && first.observation.form === "text" && first.observation.text).toMatch(
      /Since your last move:\n- Noughts: Mark a cell [a-c][1-3]/,
    );
    expect(send(s, { type: "act", action: "mark>b2" })).toMatchObject({ outcome: "refused" });
    expect(send(s, { type: "act", action: { move: "fly", to: "a1" } })).toMatchObject({
      outcome: "malformed",
    });
    expect(send(s, { type: "act", action: 7 })).toMatchObject({ outcome: "malformed" });
    expect(s.counts).toEqual({ accepted: 1, refused: 1, malformed: 2 });
    // Perfect play on both sides from here: the game is drawn.
    for (let i = 0; i < 5 && s.status === "playing"; i++) {
      const options = send(s, { type: "legal_actions" });
      const actions = options.type === "legal_actions" ? options.actions : [];
      send(s, { type: "act", action: actions[0] as MatchAction });
    }
    expect(["drawn", "lost"]).toContain(s.status);
    expect(send(s, { type: "legal_actions" })).toMatchObject({ actions: [] });
  });
  test("undo takes back the agent's move and the bot's reply", () => {
    const s = new MatchAgentSession(pack("chess"), { now: null, opponent: "random" });
    send(s, { type: "act", action: "double-push@e2>e4" });
    expect(s.session.log).toHaveLength(2);
    expect(send(s, { type: "undo" })).toMatchObject({ undone: true, moves: 0 });
    expect(s.session.log).toEqual([]);
  });
  test("the bots open when the agent's seat is not first; observations never hold another hand's cards", () => {
    const s = new MatchAgentSession(pack("eights"), {
      now: null,
      seat: 2,
      seatCount: 3,
      seed: 5,
      opponent: "random",
    });
    expect(s.session.current).toBe(2);
    for (let turn = 0; turn < 40 && s.status === "playing"; turn++) {
      for (const form of ["text", "json"] as const) {
        const seen = send(s, { type: "observe", form });
        const text = JSON.stringify(seen);
        for (let slot = 0; slot < s.session.position.s.zones.length; slot++) {
          const zone = s.session.game.zones[s.session.game.slotZone[slot] as number];
          const owner = s.session.game.slotSeat[slot];
          if (!(zone?.id === "stock" || (zone?.id === "hand" && owner !== 2))) continue;
          for (const card of s.session.position.s.zones[slot] as number[]) {
            expect(text).not.toContain(`#${card})`);
            expect(text).not.toContain(`"id":${card},`);
          }
        }
      }
      const options = send(s, { type: "legal_actions" });
      const actions = options.type === "legal_actions" ? options.actions : [];
      send(s, { type: "act", action: actions[turn % actions.length] as MatchAction });
    }
    expect(s.counts.accepted).toBeGreaterThan(10);
  });
});
