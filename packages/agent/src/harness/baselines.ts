/**
 * The baseline agents: a seeded random player, a greedy one that follows goal progress, and the
 * solver's optimal player, the upper bound. Each plays only through protocol requests, as any agent
 * must; the optimal one also reads the pack, to solve it.
 * @module
 */
import type { Response } from "../agent-session.js";
import type { JsonObservation } from "../observation.js";
import type { AgentProgram, AgentTurn } from "./agent-program.js";
import { solvedLevel } from "./optima.js";
import { seededRandom } from "./random.js";

function playing(r: Response): boolean {
  return r.ok && r.status === "playing";
}

async function legalActions(turn: AgentTurn): Promise<readonly unknown[]> {
  const r = await turn.request({ type: "legal_actions" });
  return r.type === "legal_actions" ? r.actions : [];
}

/** Picks a legal action uniformly at random (seeded) until the level ends or the moves run out. */
export const randomAgent: AgentProgram = async (turn) => {
  const random = seededRandom(turn.seed);
  let r = await turn.request({ type: "start" });
  while (playing(r)) {
    const legal = await legalActions(turn);
    if (legal.length === 0) break;
    r = await turn.request({
      type: "act",
      action: legal[random.int(legal.length)],
      reason: "random",
    });
  }
};

function dataOf(r: Response): JsonObservation | null {
  const observation = "observation" in r ? r.observation : null;
  return observation?.form === "json" ? observation.data : null;
}

/** Total goal progress (0 to the number of goals), and a key equal for equal positions. */
function assess(data: JsonObservation): { progress: number; key: string } {
  const { moves: _moves, ...position } = data;
  return { progress: data.goals.reduce((n, g) => n + g.progress, 0), key: JSON.stringify(position) };
}

/**
 * Tries every legal action (act, then undo) and plays the one that leads to a position not seen yet
 * with the most goal progress, ties broken at random (seeded). Needs JSON observations.
 */
export const greedyAgent: AgentProgram = async (turn) => {
  const random = seededRandom(turn.seed);
  let r = await turn.request({ type: "start" });
  const start = dataOf(r);
  if (!start) throw new Error("the greedy agent needs JSON observations");
  const seen = new Set([assess(start).key]);
  while (playing(r)) {
    let best: { action: unknown; rank: number } | null = null;
    for (const action of await legalActions(turn)) {
      const tried = await turn.request({ type: "act", action });
      if (tried.type !== "act" || tried.outcome !== "accepted") continue;
      if (tried.status === "won") return;
      const data = dataOf(tried);
      await turn.request({ type: "undo" });
      if (!data || tried.status !== "playing") continue;
      const { progress, key } = assess(data);
      // Unseen first, then progress; a random fraction breaks ties.
      const rank = (seen.has(key) ? 0 : 1000) + progress * 10 + random.int(1_000_000) / 1_000_000;
      if (!best || rank > best.rank) best = { action, rank };
    }
    if (!best) {
      await turn.request({ type: "give_up" });
      return;
    }
    r = await turn.request({ type: "act", action: best.action, reason: "the most goal progress" });
    const data = dataOf(r);
    if (data) seen.add(assess(data).key);
  }
};

/** Plays a shortest solution the solver proves; gives up when the solver finds none in time. */
export function optimalAgent(timeLimitMs = 60_000): AgentProgram {
  return async (turn) => {
    await turn.request({ type: "start" });
    const solved = solvedLevel(turn.pack, turn.level, timeLimitMs);
    if (solved.status !== "solved" || !solved.solution) {
      await turn.request({ type: "give_up" });
      return;
    }
    for (const action of solved.solution)
      await turn.request({ type: "act", action, reason: "a proven shortest solution" });
  };
}

/** The built-in agents by the names `--agent` takes. */
export const BASELINES: Readonly<Record<string, () => AgentProgram>> = {
  random: () => randomAgent,
  greedy: () => greedyAgent,
  optimal: () => optimalAgent(),
};
