/**
 * The recipes among the guides: a guide whose JSON blocks are titled with file names
 * (```json title="game.json"```) builds a complete pack. The blocks are assembled into a pack folder
 * exactly as the guide tells the reader to (a fragment's fields go into its file's top-level object,
 * and lists given twice are joined), and the pack must validate with no diagnostics, its gold paths
 * must win and be proven optimal, and every `gridponder trace` output the guide shows must be what
 * the engine does. The key-and-door recipe's claims about its level are checked too.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { compilePack, type Pack, Session } from "@gridponder/engine";
import { expandGoldPathStep } from "@gridponder/schema";
import { validatePackFolder } from "@gridponder/schema/node";
import { solveLevel } from "@gridponder/solver";
import { buildScene, createViewContext, sceneText } from "@gridponder/view";
import { afterAll, describe, expect, it } from "vitest";

const GUIDES = join(import.meta.dirname, "../src/content/docs/guides");

interface Block {
  lang: string;
  title: string | undefined;
  text: string;
}

/** The fenced code blocks of a Markdown page, in order, with their language and `title`. */
function codeBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)(.*)$/.exec(lines[i] as string);
    if (!open) continue;
    const end = lines.indexOf("```", i + 1);
    expect(end, `code block at line ${i + 1} is closed`).toBeGreaterThan(i);
    const title = /\btitle="([^"]+)"/.exec(open[2] as string)?.[1];
    blocks.push({ lang: open[1] as string, title, text: lines.slice(i + 1, end).join("\n") });
    i = end;
  }
  return blocks;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Adds a fragment to what a file holds so far: objects merge field by field, lists are joined, and any
 * other value given twice is an error (a guide must not silently overwrite what it said before).
 */
function merge(into: Json, add: Json, where: string): Json {
  if (Array.isArray(into) && Array.isArray(add)) return [...into, ...add];
  const isObject = (v: Json): v is { [key: string]: Json } =>
    v !== null && typeof v === "object" && !Array.isArray(v);
  if (isObject(into) && isObject(add)) {
    const out = { ...into };
    for (const [key, value] of Object.entries(add))
      out[key] = key in out ? merge(out[key] as Json, value, `${where}/${key}`) : value;
    return out;
  }
  throw new Error(`${where} is given twice`);
}

/** The pack files a recipe's titled JSON blocks make: a whole object, or fields of one. */
function recipeFiles(blocks: readonly Block[]): Map<string, Json> {
  const files = new Map<string, Json>();
  for (const block of blocks) {
    if (block.lang !== "json" || block.title === undefined) continue;
    const text = block.text.trim();
    const value = JSON.parse(text.startsWith("{") ? text : `{${text}}`) as Json;
    const known = files.get(block.title);
    files.set(block.title, known === undefined ? value : merge(known, value, block.title));
  }
  return files;
}

/** Every guide with titled JSON blocks, by page name. */
function recipes(): Map<string, Block[]> {
  const found = new Map<string, Block[]>();
  for (const file of readdirSync(GUIDES).filter((f) => f.endsWith(".md"))) {
    const blocks = codeBlocks(readFileSync(join(GUIDES, file), "utf8"));
    if (blocks.some((b) => b.lang === "json" && b.title !== undefined))
      found.set(file.replace(/\.md$/, ""), blocks);
  }
  return found;
}

const scratch = mkdtempSync(join(tmpdir(), "gridponder-recipes-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes a recipe's files into a fresh pack folder, validates it and compiles it for the engine. */
async function assemble(name: string, edit?: (files: Map<string, Json>) => void): Promise<Pack> {
  const files = recipeFiles(recipes().get(name) ?? []);
  edit?.(files);
  const dir = mkdtempSync(join(scratch, `${name}-`));
  for (const [path, value] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${JSON.stringify(value, null, 2)}\n`);
  }
  const result = await validatePackFolder(dir);
  expect(result.diagnostics, `${name}: diagnostics`).toEqual([]);
  if (result.pack === undefined) throw new Error(`${name} did not load`);
  return compilePack(result.pack);
}

/** What `gridponder trace <pack> <level> [actions…]` prints, from the engine's own turns. */
function traceText(pack: Pack, levelId: string, actions: readonly string[]): string {
  const session = new Session(pack, levelId);
  // The board as the CLI draws it: the view's text renderer.
  const view = createViewContext(pack);
  const board = () =>
    sceneText(view, buildScene(view, session.level, session.state))
      .split("\n")
      .map((row) => `   ${row}`)
      .join("\n");
  const title = pack.levels[levelId]?.title;
  const lines = [`${levelId}${title ? ` "${title}"` : ""}: start`, board()];
  const gold = pack.levels[levelId]?.solution.goldPath ?? [];
  const played = (actions.length > 0 ? actions : gold).map(expandGoldPathStep);
  played.forEach((action, i) => {
    const result = session.act(action);
    expect(result.accepted, `${levelId}: step ${i + 1} accepted`).toBe(true);
    // As the CLI writes an action: its id, then its parameters' values (`move right`).
    const { action: id, ...params } = action;
    const values = Object.values(params).map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
    lines.push(`${i + 1}. ${[id, ...values].join(" ")}: accepted`);
    if (result.events.length > 0) lines.push(`   events: ${result.events.map((e) => e.type).join(", ")}`);
    lines.push(board());
  });
  const count = session.actionCount;
  const actionsText = `${count} action${count === 1 ? "" : "s"}`;
  lines.push(session.won ? `won after ${actionsText}` : `not won after ${actionsText}`);
  return lines.join("\n");
}

/**
 * Each `gridponder trace` command of a recipe with the output block after it. The output may leave
 * steps out (a line of `…`); every part it shows must appear, in order, in the full trace.
 */
function traces(
  blocks: readonly Block[],
): { pack: string; level: string; actions: string[]; shown: string }[] {
  const found = [];
  for (let i = 0; i + 1 < blocks.length; i++) {
    const command = /^gridponder trace (\S+) (\S+)((?: \S+)*)$/.exec((blocks[i] as Block).text.trim());
    if ((blocks[i] as Block).lang !== "sh" || !command) continue;
    const [, pack, level, actions] = command as unknown as [string, string, string, string];
    found.push({
      pack,
      level,
      actions: actions.split(" ").filter((a) => a !== ""),
      shown: (blocks[i + 1] as Block).text,
    });
  }
  return found;
}

const names = [...recipes().keys()];

describe("recipes in the guides", () => {
  it("include the key-and-door recipe", () => {
    expect(names).toContain("key-and-door");
  });

  it.each(names)("%s assembles into a pack whose gold paths win and are proven optimal", async (name) => {
    const files = recipeFiles(recipes().get(name) ?? []);
    expect([...files.keys()]).toEqual(expect.arrayContaining(["manifest.json", "game.json"]));
    const pack = await assemble(name);
    expect(pack.levelOrder.length).toBeGreaterThan(0);
    for (const id of pack.levelOrder) {
      const solved = solveLevel(pack, id, { timeLimitMs: 60_000 });
      expect(solved.status, `${name}/${id}`).toBe("solved");
      expect(solved.gold.wins, `${name}/${id}: gold path wins`).toBe(true);
      expect(solved.gold.optimal, `${name}/${id}: gold path optimal`).toBe(true);
    }
  });

  it.each(names)("%s shows traces the engine reproduces", async (name) => {
    const pack = await assemble(name);
    for (const trace of traces(recipes().get(name) ?? [])) {
      const full = traceText(pack, trace.level, trace.actions);
      let from = 0;
      for (const part of trace.shown.split(/^…$/m).map((p) => p.trim())) {
        if (part === "") continue;
        const at = full.indexOf(part, from);
        expect(
          at,
          `${name}: trace of ${trace.level} shows\n${part}\nbut the engine gives\n${full}`,
        ).toBeGreaterThanOrEqual(from);
        from = at + part.length;
      }
    }
  });
});

describe("the key-and-door recipe", () => {
  it("traces a bump without the key and the gold path, in the folder the reader made", () => {
    const shown = traces(recipes().get("key-and-door") ?? []);
    expect(shown.map((t) => [t.pack, t.level, t.actions.join(" ")])).toEqual([
      ["key-and-door", "locked_room", "down right right right"],
      ["key-and-door", "locked_room", ""],
    ]);
  });

  it("has an 8-move level with three shortest solutions", async () => {
    const pack = await assemble("key-and-door");
    const solved = solveLevel(pack, "locked_room", { timeLimitMs: 60_000 });
    expect(solved.optimalLength).toBe(8);
    expect(solved.gold.length).toBe(8);
    expect(solved.optimalCount).toBe(3);
  });

  it("picks up the key, spends it on the door and walks through in the same turn", async () => {
    const pack = await assemble("key-and-door");
    const session = new Session(pack, "locked_room");
    session.replay(["down", "down"]);
    expect(session.state.avatar.item).toBe("key");
    session.replay(["right", "right", "up"]);
    const opening = session.act("right");
    expect(opening.accepted).toBe(true);
    expect(session.state.avatar.position).toEqual([3, 1]);
    expect(session.state.avatar.item).toBe(null);
    const objects = pack.layers.findIndex((l) => l.id === "objects");
    expect(session.state.layers[objects]?.[1 * 5 + 3]?.kind).toBe("open_door");
  });

  it("keeps the door shut without the key, though the bump counts as a move", async () => {
    const pack = await assemble("key-and-door");
    const session = new Session(pack, "locked_room");
    session.replay(["down", "right", "right"]);
    const bump = session.act("right");
    expect(bump.accepted).toBe(true);
    expect(bump.events.map((e) => e.type)).toEqual(["move_blocked", "turn_ended"]);
    expect(session.state.avatar.position).toEqual([2, 1]);
    expect(session.actionCount).toBe(4);
  });

  it("cannot be won without the key, nor without the unlock rule", async () => {
    const withoutKey = await assemble("key-and-door", (files) => {
      const level = files.get("levels/locked_room.json") as { board: { layers: { objects: Json[][] } } };
      level.board.layers.objects[2] = [null, null, null, "wall", null];
    });
    expect(solveLevel(withoutKey, "locked_room", { timeLimitMs: 60_000 }).status).toBe("unsolvable");
    const withoutRule = await assemble("key-and-door", (files) => {
      const game = files.get("game.json") as { rules: { id: string }[] };
      game.rules = game.rules.filter((rule) => rule.id !== "unlock_door");
    });
    expect(solveLevel(withoutRule, "locked_room", { timeLimitMs: 60_000 }).status).toBe("unsolvable");
  });

  it("would open the door from afar with a push_objects tool interaction instead of the rule", async () => {
    const pack = await assemble("key-and-door", (files) => {
      const game = files.get("game.json") as { systems: Json[]; rules: { id: string }[] };
      game.rules = game.rules.filter((rule) => rule.id !== "unlock_door");
      game.systems.push({
        id: "keys",
        type: "push_objects",
        config: {
          pushableTags: [],
          toolInteractions: [{ item: "key", targetTag: "locked", consumeItem: true }],
        },
      });
    });
    const session = new Session(pack, "locked_room");
    // Bump the door empty-handed, walk back and down to the key, then step up: the door opens.
    session.replay(["down", "right", "right", "right", "left", "left", "down"]);
    expect(session.state.avatar.item).toBe("key");
    expect(session.state.avatar.position).toEqual([0, 2]);
    session.act("up");
    expect(session.state.avatar.position).toEqual([3, 1]);
  });
});
