import { loadOptional, missingPackageText } from "./optional-package.js";

/** Both entries of the agent package: the sessions and harness, and their Node transports. */
export interface AgentModules {
  readonly agent: typeof import("@gridponder/agent");
  readonly node: typeof import("@gridponder/agent/node");
}

const AGENT = "@gridponder/agent";

/** What `agent` says where the agent package is not installed. */
export const AGENT_MISSING = missingPackageText(AGENT, "agent serve, mcp and run play through");

/**
 * The agent package, loaded when an `agent` command runs. It is an optional peer dependency: it brings
 * the Model Context Protocol SDK, a PNG rasteriser and the report's chart libraries, which no other
 * command needs.
 */
export async function loadAgent(): Promise<AgentModules> {
  const [agent, node] = await loadOptional(AGENT, AGENT_MISSING, () =>
    Promise.all([import("@gridponder/agent"), import("@gridponder/agent/node")]),
  );
  return { agent, node };
}

/**
 * The observation forms and built-in agents the options offer, named here so that `--help` lists them
 * without loading the package (a test holds them equal to the package's own lists).
 */
export const OBSERVATION_FORM_NAMES = ["text", "json", "image"] as const;
export const BUILT_IN_AGENT_NAMES = ["random", "greedy", "optimal"] as const;
