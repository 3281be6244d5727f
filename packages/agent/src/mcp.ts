/**
 * The session as a Model Context Protocol server: each protocol request is a tool, so any MCP client
 * (a model's desktop app, an agent framework) can play. A tool's result is the protocol's response,
 * as structured content and as text a model reads (the rules and the board, then the other fields).
 * Arguments are passed to the session unchecked, so a malformed action is counted as the protocol
 * counts it rather than refused by the tool's schema.
 * @module
 */
import type { Readable, Writable } from "node:stream";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import type { AgentSession, Response } from "./agent-session.js";
import type { MatchAgentSession, MatchResponse } from "./match-session.js";
import type { Request } from "./protocol.js";

interface ToolSpec {
  readonly name: Request["type"];
  readonly description: string;
  readonly input: z.ZodRawShape;
}

const TOOLS: readonly ToolSpec[] = [
  {
    name: "levels",
    description: "List the pack's levels in play order, with their gold path lengths.",
    input: {},
  },
  {
    name: "start",
    description:
      "Start a level (the current one again without `level`). Returns the level's rules text and the board.",
    input: { level: z.string().optional().describe("the level id, from `levels`") },
  },
  {
    name: "observe",
    description: "Describe the board now: text (a character grid with a legend), JSON, or a PNG image.",
    input: { form: z.enum(["text", "json", "image"]).optional() },
  },
  { name: "legal_actions", description: "Every action the game would accept now.", input: {} },
  {
    name: "act",
    description:
      'Play one turn. `action` is an action object as the rules list it ({"action":"move","direction":"up"}) or a shorthand ("up"). The outcome is accepted, refused (the rules say no) or malformed (not an action of this game).',
    input: {
      action: z.unknown().describe("the action to play"),
      reason: z.string().optional().describe("one line on why, kept in the transcript"),
    },
  },
  { name: "undo", description: "Take back the last turn.", input: {} },
  { name: "reset", description: "Go back to the start of the level.", input: {} },
  { name: "give_up", description: "Give up this level: no more turns until start or reset.", input: {} },
];

/** The response as a model reads it: the long texts first, then every other field as JSON. */
function responseText(response: Response | MatchResponse): string {
  const parts: string[] = [];
  const { observation, rules, ...rest } = response as (Response | MatchResponse) & {
    observation?: { form: string; text?: string; data?: unknown };
    rules?: string;
  };
  if (rules) parts.push(rules);
  if (observation?.form === "text" && observation.text) parts.push(observation.text);
  else if (observation) parts.push(JSON.stringify(observation.data));
  parts.push(JSON.stringify(rest));
  return parts.join("\n\n");
}

/** A tool's result: the response as text and structured content; an image observation as an image. */
function toolResult(response: Response | MatchResponse) {
  const observation = "observation" in response ? response.observation : null;
  if (observation?.form === "image" && "data" in observation && "caption" in observation) {
    // The picture as an image a model sees; the rest as text, without the base64 twice over.
    const { data, mimeType, ...picture } = observation;
    const rest = { ...response, observation: picture };
    return {
      content: [
        { type: "image" as const, data, mimeType },
        { type: "text" as const, text: `${picture.caption}\n\n${JSON.stringify(rest)}` },
      ],
      structuredContent: rest as unknown as Record<string, unknown>,
      isError: !response.ok,
    };
  }
  return {
    content: [{ type: "text" as const, text: responseText(response) }],
    structuredContent: response as unknown as Record<string, unknown>,
    isError: !response.ok,
  };
}

/** An MCP server whose tools are the session's requests. */
export function createMcpServer(session: AgentSession | MatchAgentSession, version = "0.0.0"): McpServer {
  const server = new McpServer({ name: "gridponder", version });
  for (const tool of TOOLS)
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: tool.input },
      async (args) => {
        // Through the protocol's own parser, so a tool call and a protocol line are checked alike.
        const response = session.handleLine(JSON.stringify({ ...(args as object), type: tool.name }));
        return toolResult(response);
      },
    );
  return server;
}

/** Serves `session` over MCP's stdio transport on the given streams; resolves when the input ends. */
export async function serveMcp(
  session: AgentSession | MatchAgentSession,
  input: Readable,
  output: Writable,
  version?: string,
): Promise<void> {
  const server = createMcpServer(session, version);
  const transport = new StdioServerTransport(input, output);
  const ended = new Promise<void>((resolve) => {
    input.once("end", resolve);
    input.once("close", resolve);
  });
  await server.connect(transport);
  await ended;
  await server.close();
}
