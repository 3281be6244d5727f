import { join } from "node:path";
import { OWN_PACKS, ownPack, puzzlePackNames } from "@gridponder/test-corpus";
import { displayName } from "@gridponder/view";
import { describe, expect, it } from "vitest";
import { AgentSession, makeAliases, type Response } from "../src/index.js";
import { folderImages } from "../src/node.js";

const NAMES = puzzlePackNames();

/** The pack's words an anonymised agent must never read: kind ids and names, action ids, level ids and titles. */
function wordsOf(pack: Awaited<ReturnType<typeof ownPack>>["pack"]): string[] {
  const words = new Set<string>();
  for (const kind of pack.kinds.keys()) {
    words.add(kind);
    words.add(displayName(pack, kind));
  }
  for (const a of pack.game.actions) if (a.id !== "move") words.add(a.id);
  for (const id of pack.levelOrder) {
    words.add(id);
    const title = pack.levels[id]?.title;
    if (title && title.length > 3) words.add(title);
  }
  words.add(pack.manifest.title);
  return [...words].filter((w) => w.length > 2);
}

function leaks(text: string, words: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return words.filter((w) => {
    const at = lower.indexOf(w.toLowerCase());
    if (at < 0) return false;
    // Whole words only: "wall" inside "walls" of a system description is the DSL's, not the pack's.
    const before = lower[at - 1] ?? " ";
    const after = lower[at + w.length] ?? " ";
    return !/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after);
  });
}

describe("anonymised sessions", () => {
  it.each(NAMES)(
    "never show %s's own words, in rules, observations, legal actions or replies",
    async (name) => {
      const { pack } = await ownPack(name);
      const images = await folderImages(join(OWN_PACKS, name), pack);
      const aliases = makeAliases(pack, 11);
      const session = new AgentSession(pack, { ...images, aliases, now: null, observation: "json" });
      const words = wordsOf(pack);
      const seen: Response[] = [];
      const levels = session.handle({ type: "levels" });
      seen.push(levels);
      if (levels.type !== "levels") throw new Error("no levels");
      for (const { id } of levels.levels) {
        seen.push(session.handle({ type: "start", level: id }));
        seen.push(session.handle({ type: "observe", form: "text" }));
        const legal = session.handle({ type: "legal_actions" });
        seen.push(legal);
        if (legal.type !== "legal_actions") throw new Error("no actions");
        // The agent's own (aliased) words are understood: its first legal action is played, not malformed.
        const act = session.handle({ type: "act", action: legal.actions[0] });
        expect(act.type === "act" && act.outcome, `${name}/${id}`).not.toBe("malformed");
        seen.push(act);
        seen.push(session.handle({ type: "act", action: { action: "nonsense" } }));
      }
      const text = JSON.stringify(seen);
      expect(leaks(text, words), name).toEqual([]);
      // The check itself finds the pack's words where nothing hides them.
      const open = new AgentSession(pack, { now: null });
      const plain = JSON.stringify([open.handle({ type: "levels" }), open.handle({ type: "start" })]);
      expect(leaks(plain, words).length).toBeGreaterThan(2);
    },
  );

  it("numbers aliases in an order the seed decides, and plays a gold path through them", async () => {
    const { pack } = await ownPack("lantern-cellar");
    expect(makeAliases(pack, 1).forth).toEqual(makeAliases(pack, 1).forth);
    expect(makeAliases(pack, 1).forth).not.toEqual(makeAliases(pack, 2).forth);
    const aliases = makeAliases(pack, 3);
    const level = "lc02_storeroom";
    const session = new AgentSession(pack, { aliases, level, now: null });
    const start = session.handle({ type: "start" });
    expect(start.level).toBe(aliases.forth.get(level));
    expect(start.type === "start" && start.rules.startsWith(`# Level ${aliases.forth.get(level)}`)).toBe(
      true,
    );
    const gold = pack.levels[level]?.solution.goldPath ?? [];
    let last: Response = start;
    for (const step of gold) {
      const action = typeof step === "string" ? { action: "move", direction: step } : step;
      last = session.handle({
        type: "act",
        action: JSON.parse(JSON.stringify(action).replaceAll('"move"', `"${aliases.forth.get("move")}"`)),
      });
    }
    expect(last.status).toBe("won");
  });
});
