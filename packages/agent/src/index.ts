/**
 * `@gridponder/agent`: programs and language models play any Gridponder pack. An `AgentSession`
 * answers the JSON-lines session protocol (`levels`, `start`, `observe`, `legal_actions`, `act`,
 * `undo`, `reset`, `give_up`), gives observations as text or JSON and a rules text per level, keeps a
 * transcript and counts accepted, refused and malformed actions. `@gridponder/agent/node` serves a
 * session over a process's standard input and output.
 * @module
 */

export {
  type ActionCounts,
  type ActOutcome,
  AgentSession,
  type AgentSessionOptions,
  type LevelEntry,
  type Response,
  type ResponseBase,
  type TranscriptEntry,
} from "./agent-session.js";
export { type Aliases, aliasText, aliasValue, makeAliases, unaliasValue } from "./anonymise.js";
export {
  createEnv,
  Env,
  type EnvObservation,
  type EnvOptions,
  type StepInfo,
  type StepResult,
  VectorEnv,
  type VectorStep,
} from "./env.js";
export type { AgentProgram, AgentTurn } from "./harness/agent-program.js";
export { BASELINES, greedyAgent, optimalAgent, randomAgent } from "./harness/baselines.js";
export { type Random, seededRandom } from "./harness/random.js";
export {
  type AttemptContext,
  type HarnessOptions,
  inProcess,
  type Player,
  type ReferenceSource,
  runHarness,
  runPack,
  solverReference,
} from "./harness/run.js";
export {
  type Ending,
  efficiencyOf,
  type LevelScore,
  moveLimitOf,
  type PackScore,
  type Reference,
  type Report,
  type Totals,
  totalsOf,
} from "./harness/score.js";
export {
  type MatchActOutcome,
  type MatchAgentObservation,
  type MatchAgentOptions,
  MatchAgentSession,
  type MatchPackData,
  type MatchResponse,
  type MatchResponseBase,
  type MatchStatus,
  type MatchTranscriptEntry,
  type Opponent,
  STANDARD_POSITION,
} from "./match-session.js";
export { matchText } from "./match-text.js";
export {
  type EntityObservation,
  type GoalObservation,
  type ImageRenderer,
  type JsonObservation,
  jsonObservation,
  type LevelStatus,
  type Observation,
  observe,
  textObservation,
} from "./observation.js";
export {
  type ErrorCode,
  MAX_LINE_CHARS,
  MAX_REASON_CHARS,
  OBSERVATION_FORMS,
  type ObservationForm,
  type Parsed,
  type ProtocolError,
  parseRequest,
  REQUEST_TYPES,
  type Request,
  type RequestId,
  type RequestType,
} from "./protocol.js";
export { rulesText } from "./rules.js";
