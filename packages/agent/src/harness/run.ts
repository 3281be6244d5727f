/**
 * The harness: plays an agent on every level of some packs, one attempt per level in a session of
 * its own that allows only that level, with a move limit of `budgetFactor` times the level's
 * reference length; scores each attempt and sums them up per pack and overall.
 * @module
 */
import type { ActionInput, Pack } from "@gridponder/engine";
import type { AssetCatalog } from "@gridponder/view";
import { AgentSession, type Response, type TranscriptEntry } from "../agent-session.js";
import type { Aliases } from "../anonymise.js";
import type { ImageRenderer } from "../observation.js";
import type { ObservationForm } from "../protocol.js";
import type { AgentProgram } from "./agent-program.js";
import { solvedLevel } from "./optima.js";
import { levelSeed } from "./random.js";
import {
  type Ending,
  efficiencyOf,
  type LevelScore,
  moveLimitOf,
  type PackScore,
  type Reference,
  type Report,
  totalsOf,
} from "./score.js";

/** What an attempt knows besides its session. */
export interface AttemptContext {
  /** The pack's name in the run (its folder's name), or `anonymous` in an anonymised run. */
  readonly packName: string;
  /** The level's id as the agent knows it (its alias in an anonymised run). */
  readonly shownLevel: string;
  readonly pack: Pack;
  readonly level: string;
  readonly seed: number;
  readonly moveLimit: number;
}

/**
 * Plays one attempt on a session; resolves with how it ended when the harness stopped it (a request
 * or time limit), else `null` and the session tells.
 */
export type Player = (session: AgentSession, attempt: AttemptContext) => Promise<Ending | null>;

/** The reference length of a level: its proven optimum, else its gold path's length. */
export type ReferenceSource = (pack: Pack, level: string) => Reference;

export function solverReference(timeLimitMs = 60_000): ReferenceSource {
  return (pack, level) => {
    const solved = solvedLevel(pack, level, timeLimitMs);
    if (solved.status === "solved" && solved.optimalLength !== null)
      return { length: solved.optimalLength, kind: "optimum" };
    return { length: pack.levels[level]?.solution.goldPath.length ?? 0, kind: "gold" };
  };
}

class RequestLimit extends Error {}

/**
 * An in-process agent as a player. It may send at most `allowance(moveLimit)` requests an attempt,
 * so a looping agent ends (deterministically) rather than hangs.
 */
export function inProcess(
  program: AgentProgram,
  allowance: (moveLimit: number) => number = (limit) => 400 * limit + 1_000,
): Player {
  return async (session, { pack, level, seed, moveLimit }) => {
    const most = allowance(moveLimit);
    let sent = 0;
    const request = async (r: object | string): Promise<Response> => {
      if (++sent > most) throw new RequestLimit();
      return session.handleLine(typeof r === "string" ? r : JSON.stringify(r));
    };
    try {
      await program({ request, pack, level, seed });
    } catch (error) {
      if (error instanceof RequestLimit) return "request_limit";
      throw error;
    }
    return null;
  };
}

export interface HarnessOptions {
  /** The name the report gives the agent. */
  readonly agent: string;
  readonly play: Player;
  readonly seed?: number;
  /** Each level's move limit is this times its reference length (rounded up). Default 3. */
  readonly budgetFactor?: number;
  readonly observation?: ObservationForm;
  readonly reference?: ReferenceSource;
  /** Whether transcripts keep times (they then differ between runs). Default true. */
  readonly times?: boolean;
  /** Anonymises each pack's sessions with these aliases (see `makeAliases`). */
  readonly aliases?: (pack: Pack) => Aliases;
  /** A pack's image renderer and the files its sprites come from, for runs that ask for images. */
  readonly images?: (pack: string) => Promise<{ image: ImageRenderer; assets?: AssetCatalog }>;
  /**
   * Called after each attempt with its score, transcript and final line (the actions from the level's
   * start to where the attempt ended, undone ones left out), to write them; may return where the
   * transcript was written, which the level's score then names.
   */
  readonly onAttempt?: (
    pack: string,
    score: LevelScore,
    transcript: readonly TranscriptEntry[],
    line: readonly ActionInput[],
  ) => Promise<string | undefined> | string | undefined;
}

function endingOf(session: AgentSession, stopped: Ending | null): Ending {
  if (session.session.won) return "won";
  if (session.ended) return session.ended;
  if (session.session.lost) return "lost";
  return stopped ?? "stopped";
}

/** Plays every level of one pack, in its level order. */
export async function runPack(name: string, pack: Pack, options: HarnessOptions): Promise<PackScore> {
  const budgetFactor = options.budgetFactor ?? 3;
  const reference = options.reference ?? solverReference();
  const scores: LevelScore[] = [];
  const images = await options.images?.(name);
  const aliases = options.aliases?.(pack);
  for (const level of pack.levelOrder) {
    const ref = reference(pack, level);
    const moveLimit = moveLimitOf(ref, budgetFactor);
    const session = new AgentSession(pack, {
      level,
      onlyLevel: true,
      moveLimit,
      observation: options.observation ?? "text",
      ...(options.times === false ? { now: null } : {}),
      ...(images ?? {}),
      ...(aliases ? { aliases } : {}),
    });
    const began = Date.now();
    const seed = levelSeed(options.seed ?? 0, name, level);
    const stopped = await options.play(session, {
      packName: aliases ? "anonymous" : name,
      shownLevel: aliases?.forth.get(level) ?? level,
      pack,
      level,
      seed,
      moveLimit,
    });
    const ending = endingOf(session, stopped);
    const solved = ending === "won";
    const moves = session.session.actions.length;
    const score: LevelScore = {
      level,
      title: pack.levels[level]?.title ?? level,
      solved,
      ending,
      moves,
      reference: ref,
      moveLimit,
      efficiency: Math.round(efficiencyOf(solved, moves, ref) * 10_000) / 10_000,
      timeMs: Date.now() - began,
      counts: { ...session.counts },
    };
    const transcript = await options.onAttempt?.(name, score, session.transcript, session.session.actions);
    scores.push(typeof transcript === "string" ? { ...score, transcript } : score);
  }
  return { pack: name, title: pack.manifest.title, levelScores: scores, ...totalsOf(scores) };
}

/** Plays every level of every pack and reports the scores. */
export async function runHarness(
  packs: readonly { readonly name: string; readonly pack: Pack }[],
  options: HarnessOptions,
): Promise<Report> {
  const scores: PackScore[] = [];
  for (const { name, pack } of packs) scores.push(await runPack(name, pack, options));
  return {
    agent: options.agent,
    seed: options.seed ?? 0,
    budgetFactor: options.budgetFactor ?? 3,
    packs: scores,
    overall: totalsOf(scores.flatMap((p) => p.levelScores)),
  };
}
