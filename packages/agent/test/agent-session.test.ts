import { expandGoldPathStep } from "@gridponder/schema";
import { ownPack } from "@gridponder/test-corpus";
import { describe, expect, it } from "vitest";
import { AgentSession, type Response } from "../src/index.js";

const LEVEL = "lc01_bottom_step";

async function session(options: ConstructorParameters<typeof AgentSession>[1] = {}) {
  const { pack } = await ownPack("lantern-cellar");
  let clock = 1000;
  return new AgentSession(pack, { now: () => (clock += 5), ...options });
}

function goldPath(s: AgentSession, level = LEVEL): unknown[] {
  return (s.pack.levels[level]?.solution.goldPath ?? []).map((step) => expandGoldPathStep(step));
}

/** Sends a request as a line and returns the response, which must survive a JSON round trip. */
function send(s: AgentSession, request: unknown): Response {
  const response = s.handleLine(typeof request === "string" ? request : JSON.stringify(request));
  expect(JSON.parse(JSON.stringify(response))).toEqual(response);
  return response;
}

describe("an agent session", () => {
  it("lists the pack's levels in order with their gold path lengths", async () => {
    const s = await session();
    const r = send(s, { type: "levels", id: 1 });
    expect(r).toMatchObject({ id: 1, type: "levels", ok: true, level: LEVEL, status: "playing", moves: 0 });
    if (r.type !== "levels") return;
    expect(r.levels.map((l) => l.id)).toEqual(s.pack.levelOrder);
    expect(r.levels[0]).toEqual({ id: LEVEL, title: "The Bottom Step", number: 1, goldLength: 11 });
  });

  it("starts a level with its rules and first observation, and plays its gold path to a win", async () => {
    const s = await session();
    const start = send(s, { type: "start", level: LEVEL });
    if (start.type !== "start") throw new Error(start.type);
    expect(start.rules).toContain("# Lantern Cellar: The Bottom Step");
    expect(start.rules).toMatch(/## Actions\n.*\n- move \(direction: one of "up", "down", "left", "right"\)/);
    // What each system does, from the schema's descriptions.
    expect(start.rules).toMatch(/- movement \(avatar_navigation\): Moves the single avatar/);
    expect(start.rules).toMatch(/## Goals\n.*\n- .*lantern/i);
    expect(start.observation.form).toBe("text");
    const path = goldPath(s);
    path.forEach((action, i) => {
      const r = send(s, { type: "act", action, reason: `step ${i + 1}` });
      expect(r).toMatchObject({ type: "act", outcome: "accepted", moves: i + 1 });
      expect(r.status).toBe(i === path.length - 1 ? "won" : "playing");
    });
    const after = send(s, { type: "act", action: "up" });
    expect(after).toMatchObject({ outcome: "refused", reason: "the level is already won", status: "won" });
    expect(s.counts).toEqual({ accepted: path.length, refused: 1, malformed: 0 });
    // The reasons are kept in the transcript.
    const reasons = s.transcript.flatMap((e) =>
      "type" in e.request && e.request.type === "act" ? [e.request.reason] : [],
    );
    expect(reasons.slice(0, 2)).toEqual(["step 1", "step 2"]);
  });

  it("tells refused actions (the rules say no) from malformed ones (not an action of this game)", async () => {
    const s = await session();
    // The avatar starts in the top-left corner with a wall to its... left is the board's edge.
    const refusedOrNot = send(s, { type: "act", action: { action: "move", direction: "left" } });
    expect(["accepted", "refused"]).toContain(refusedOrNot.type === "act" ? refusedOrNot.outcome : "");
    for (const action of [
      { action: "fly" },
      { action: "move" },
      { action: "move", direction: "sideways" },
      { action: "move", direction: "up", speed: 2 },
      42,
      null,
      "teleport",
    ]) {
      const r = send(s, { type: "act", action });
      expect(r, JSON.stringify(action)).toMatchObject({ type: "act", ok: true, outcome: "malformed" });
      if (r.type === "act") expect(r.reason?.length ?? 0).toBeGreaterThan(5);
    }
    expect(s.counts.malformed).toBe(7);
    // Malformed actions do not play a turn.
    expect(s.session.actionCount).toBe(refusedOrNot.moves);
  });

  it("answers a line that is not a request with a structured error, counts it, and goes on", async () => {
    const s = await session();
    for (const line of ["{", "[]", '{"type":"dance","id":"d"}', '{"type":"start","level":"nope"}']) {
      const r = send(s, line);
      expect(r, line).toMatchObject({ type: "error", ok: false, level: LEVEL, status: "playing" });
      if (r.type === "error") expect(r.error.message.length).toBeGreaterThan(10);
    }
    expect(send(s, '{"type":"dance","id":"d"}')).toMatchObject({
      id: "d",
      error: { code: "unknown_request" },
    });
    expect(send(s, '{"type":"start","level":"nope"}')).toMatchObject({ error: { code: "unknown_level" } });
    // Unparsable lines count as malformed; a well-formed request for a missing level does not.
    expect(s.counts.malformed).toBe(4);
    expect(send(s, { type: "observe" })).toMatchObject({ ok: true, type: "observe" });
  });

  it("lists the legal actions, undoes, resets and gives up", async () => {
    const s = await session();
    const legal = send(s, { type: "legal_actions" });
    if (legal.type !== "legal_actions") throw new Error(legal.type);
    expect(legal.actions).toContainEqual({ action: "move", direction: "down" });
    const [first] = goldPath(s);
    send(s, { type: "act", action: first });
    expect(send(s, { type: "undo" })).toMatchObject({ type: "undo", undone: true, moves: 0 });
    expect(send(s, { type: "undo" })).toMatchObject({ undone: false, moves: 0 });
    send(s, { type: "act", action: first });
    expect(send(s, { type: "reset" })).toMatchObject({ type: "reset", moves: 0, status: "playing" });
    send(s, { type: "act", action: first });
    expect(send(s, { type: "give_up" })).toMatchObject({ type: "give_up", status: "lost", gaveUp: true });
    // A given-up attempt takes no more moves, until it is started again.
    expect(send(s, { type: "act", action: first })).toMatchObject({ outcome: "refused", status: "lost" });
    expect(send(s, { type: "legal_actions" })).toMatchObject({ actions: [] });
    const observed = send(s, { type: "observe", form: "json" });
    if (observed.type !== "observe" || observed.observation.form !== "json") throw new Error("no json");
    expect(observed.observation.data.status).toBe("lost");
    const again = send(s, { type: "start" });
    expect(again).toMatchObject({ type: "start", status: "playing", moves: 0 });
    expect(again.gaveUp).toBeUndefined();
  });

  it("observes as text and as JSON: board, avatar, goals with progress, moves", async () => {
    const s = await session({ observation: "json" });
    const r = send(s, { type: "observe" });
    if (r.type !== "observe" || r.observation.form !== "json") throw new Error("no json");
    const data = r.observation.data;
    expect(data).toMatchObject({
      level: LEVEL,
      width: 6,
      height: 5,
      status: "playing",
      moves: 0,
      maxMoves: null,
    });
    expect(data.avatar).toEqual({ cell: [0, 0], facing: "down", holding: null });
    expect(data.entities.some((e) => e.kind === "lantern")).toBe(true);
    expect(data.goals).toHaveLength(1);
    expect(data.goals[0]).toMatchObject({ done: false, progress: 0 });
    const text = send(s, { type: "observe", form: "text" });
    if (text.type !== "observe" || text.observation.form !== "text") throw new Error("no text");
    const lines = text.observation.text.split("\n");
    const board = lines.indexOf(lines.find((l) => l.startsWith("Board (")) ?? "");
    // One row of six cells per board row, the avatar as @ at [0, 0].
    expect(lines.slice(board + 1, board + 6).every((row) => row.length === 6)).toBe(true);
    expect(lines[board + 1]?.[0]).toBe("@");
    expect(text.observation.text).toMatch(/Goals:\n- \[ \] .+ \(0%\)/);
  });

  it("records every request and response in order, with times", async () => {
    const entries: unknown[] = [];
    const s = await session({ onEntry: (e) => entries.push(e) });
    send(s, { type: "levels" });
    send(s, "garbage");
    send(s, { type: "act", action: "down", reason: "why not" });
    expect(s.transcript).toHaveLength(3);
    expect(entries).toEqual(s.transcript);
    expect(s.transcript.map((e) => e.response.type)).toEqual(["levels", "error", "act"]);
    expect(s.transcript[1]?.request).toEqual({ line: "garbage" });
    expect(s.transcript.map((e) => e.n)).toEqual([1, 2, 3]);
    const times = s.transcript.map((e) => e.t ?? -1);
    expect(times.every((t) => t >= 0)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("keeps no times when asked not to, so the same requests make the same transcript", async () => {
    const s = await session({ now: null });
    send(s, { type: "levels" });
    expect(s.transcript[0]).not.toHaveProperty("t");
  });

  it("ends an attempt that reaches its move limit without winning, and plays only its level when told", async () => {
    const s = await session({ moveLimit: 2, onlyLevel: true });
    send(s, { type: "act", action: "down" });
    expect(send(s, { type: "act", action: "up" })).toMatchObject({
      status: "lost",
      outOfMoves: true,
      moves: 2,
    });
    expect(send(s, { type: "act", action: "down" })).toMatchObject({ outcome: "refused", moves: 2 });
    expect(send(s, { type: "undo" })).toMatchObject({ undone: false });
    expect(send(s, { type: "start", level: "lc02_storeroom" })).toMatchObject({
      type: "error",
      error: { code: "unknown_level" },
    });
    expect(send(s, { type: "start" })).toMatchObject({ type: "start", status: "playing", moves: 0 });
  });

  it("plays the same way twice: the same requests give the same responses", async () => {
    const script = [
      { type: "start", level: "lc03_stepping_crates" },
      ...["down", "down", "right", "up", "fly", "left"].map((action) => ({ type: "act", action })),
      { type: "undo" },
      { type: "observe", form: "json" },
    ];
    const run = async () => {
      const s = await session();
      return script.map((r) => send(s, r));
    };
    expect(await run()).toEqual(await run());
  });
});
