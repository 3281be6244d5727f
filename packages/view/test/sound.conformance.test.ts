import { Session } from "@gridponder/engine";
import { describe, expect, it } from "vitest";
import { createViewContext } from "../src/context.js";
import { DEFAULT_TONES, soundTones, turnSound } from "../src/sound.js";
import { corpusPack, ownPack, withTheme } from "./corpus.js";

describe("turnSound", () => {
  it("names what a turn did: a move, a push, a refused or blocked move, a win", async () => {
    const { pack } = await corpusPack("carrot_quest");
    const session = new Session(pack, "fw_001");
    expect(turnSound(pack, session.act({ action: "move", direction: "right" }))).toBe("push");
    expect(turnSound(pack, session.act({ action: "move", direction: "up" }))).toBe("blocked");
    expect(turnSound(pack, session.act({ action: "move", direction: "down" }))).toBe("move");
    expect(turnSound(pack, session.act({ action: "jump" } as never))).toBe("blocked");
    session.reset();
    const gold = pack.levels.fw_001?.solution.goldPath ?? [];
    let last = session.act(gold[0] as never);
    for (const step of gold.slice(1)) last = session.act(step as never);
    expect(turnSound(pack, last)).toBe("win");
  });

  it("hears a merge as a merge", async () => {
    const { pack } = await corpusPack("number_cells");
    const id = pack.levelOrder[0] as string;
    const session = new Session(pack, id);
    const sounds = new Set<string | null>();
    for (const step of pack.levels[id]?.solution.goldPath ?? [])
      sounds.add(turnSound(pack, session.act(step as never)));
    expect([...sounds]).toContain("merge");
  });
});

describe("soundTones", () => {
  it("gives the defaults without a theme's sounds", async () => {
    const { ctx } = await ownPack("lantern-cellar");
    expect(soundTones(ctx)).toEqual(DEFAULT_TONES);
  });

  it("tunes, silences and turns off sounds as the theme says, keeping numbers in range", async () => {
    const { pack } = await ownPack("lantern-cellar");
    const themed = (sounds: object) =>
      soundTones(createViewContext(withTheme(pack, { ...pack.theme, sounds } as never)));
    const tuned = themed({ move: { pitch: 1000, volume: 7 }, blocked: "off", win: { wave: "organ" } });
    expect(tuned.move).toEqual({ ...DEFAULT_TONES.move, pitch: 1000, volume: 1 });
    expect(tuned.blocked).toBeNull();
    expect(tuned.win).toEqual(DEFAULT_TONES.win);
    expect(tuned.push).toEqual(DEFAULT_TONES.push);
    expect(Object.values(themed({ enabled: false, move: { pitch: 500 } }))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
