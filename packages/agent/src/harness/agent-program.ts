/**
 * What an agent is to the harness: a program that plays one level by sending protocol requests and
 * reading the responses. The built-in baselines are such programs run in-process; an external agent
 * is a command the harness starts, whose stdout lines are its requests.
 * @module
 */
import type { Pack } from "@gridponder/engine";
import type { Response } from "../agent-session.js";

export interface AgentTurn {
  /** Sends one request (an object, or a raw line) and returns the response. */
  readonly request: (request: object | string) => Promise<Response>;
  readonly pack: Pack;
  readonly level: string;
  /** The seed of this level's attempt. */
  readonly seed: number;
}

export type AgentProgram = (turn: AgentTurn) => Promise<void>;
