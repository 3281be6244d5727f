import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expandGoldPathStep } from "@gridponder/schema";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, LANTERN_CELLAR } from "./helpers.js";

const GOLD = JSON.parse(await readFile(join(LANTERN_CELLAR, "levels/lc02_storeroom.json"), "utf8")).solution
  .goldPath as unknown[];

let client: Client | null = null;

afterEach(async () => {
  await client?.close();
  client = null;
});

async function connect(): Promise<Client> {
  client = new Client({ name: "gridponder-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "agent", "mcp", LANTERN_CELLAR],
      stderr: "pipe",
    }),
  );
  return client;
}

type Result = {
  content: { type: string; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
};

describe("gridponder agent mcp", () => {
  it("lists the session's requests as tools", async () => {
    const c = await connect();
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ["act", "give_up", "legal_actions", "levels", "observe", "reset", "start", "undo"].sort(),
    );
    for (const tool of tools) expect(tool.description?.length ?? 0).toBeGreaterThan(15);
  });

  it("is played to a win by the SDK's own client over stdio", async () => {
    const c = await connect();
    const start = (await c.callTool({ name: "start", arguments: { level: "lc02_storeroom" } })) as Result;
    expect(start.structuredContent).toMatchObject({
      type: "start",
      status: "playing",
      level: "lc02_storeroom",
    });
    // A model reads the rules and the board as text.
    expect(start.content[0]?.text).toMatch(/^# Lantern Cellar: The Storeroom/);
    expect(start.content[0]?.text).toMatch(/Board \(\d+ columns x \d+ rows/);
    let last: Result | null = null;
    for (const step of GOLD)
      last = (await c.callTool({
        name: "act",
        arguments: { action: expandGoldPathStep(step as never), reason: "following the plan" },
      })) as Result;
    expect(last?.structuredContent).toMatchObject({ type: "act", outcome: "accepted", status: "won" });
    expect(last?.isError).toBe(false);
  });

  it("counts a malformed action as the protocol does, instead of refusing the tool call", async () => {
    const c = await connect();
    const r = (await c.callTool({ name: "act", arguments: { action: { action: "fly" } } })) as Result;
    expect(r.structuredContent).toMatchObject({ type: "act", ok: true, outcome: "malformed" });
    const bad = (await c.callTool({ name: "start", arguments: { level: "nowhere" } })) as Result;
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({ type: "error", error: { code: "unknown_level" } });
  });

  it("gives an image observation as an image a model can see, with its caption as text", async () => {
    const c = await connect();
    const r = (await c.callTool({ name: "observe", arguments: { form: "image" } })) as unknown as {
      content: ({ type: "image"; data: string; mimeType: string } | { type: "text"; text: string })[];
      structuredContent: { observation: Record<string, unknown> };
    };
    const [image, text] = r.content;
    expect(image?.type).toBe("image");
    if (image?.type !== "image" || text?.type !== "text") throw new Error("no image");
    expect(image.mimeType).toBe("image/png");
    expect(Buffer.from(image.data, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(text.text).toMatch(/^Level lc01_bottom_step: The Bottom Step\nMoves: 0\nStatus: playing/);
    // The picture is not sent twice.
    expect(r.structuredContent.observation).not.toHaveProperty("data");
  });
});
