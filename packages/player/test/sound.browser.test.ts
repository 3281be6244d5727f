import { beforeAll, describe, expect, it } from "vitest";
import { idle, mount, type TestWindow, usePlayerPage } from "./browser.js";

const p = usePlayerPage({ packs: ["lantern-cellar"] });

interface Recorded {
  contexts: number;
  tones: { wave: string; pitch: number }[];
}

beforeAll(async () => {
  // A quiet theme: moves tuned up, blocked moves silenced.
  const base = p.packs.get("lantern-cellar") as unknown as { pack: { theme: Record<string, unknown> } };
  const quiet = structuredClone(base);
  quiet.pack.theme = {
    ...quiet.pack.theme,
    sounds: { move: { pitch: 1000, wave: "square" }, blocked: "off" },
  };
  p.server.put("/packs/quiet/pack.json", JSON.stringify(quiet));
  // Records every audio context made and every tone started, without changing what they do.
  await p.page.evaluate(() => {
    const w = window as unknown as { gpAudio: Recorded; AudioContext: typeof AudioContext };
    w.gpAudio = { contexts: 0, tones: [] };
    const Real = w.AudioContext;
    w.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        w.gpAudio.contexts++;
      }
      override createOscillator(): OscillatorNode {
        const oscillator = super.createOscillator();
        let pitch = oscillator.frequency.value;
        const set = oscillator.frequency.setValueAtTime.bind(oscillator.frequency);
        oscillator.frequency.setValueAtTime = (value: number, time: number) => {
          pitch = value;
          return set(value, time);
        };
        const start = oscillator.start.bind(oscillator);
        oscillator.start = (when?: number) => {
          w.gpAudio.tones.push({ wave: oscillator.type, pitch });
          start(when);
        };
        return oscillator;
      }
    };
  });
});

const recorded = () => p.page.evaluate(() => (window as unknown as { gpAudio: Recorded }).gpAudio);
const tonesAfter = async (key: string) => {
  const before = (await recorded()).tones.length;
  await p.page.keyboard.press(key);
  await idle(p.page);
  // The tone module loads on first use: wait for the tone, or for long enough that none is coming.
  await p.page.waitForTimeout(150);
  return (await recorded()).tones.slice(before);
};

describe("sounds", () => {
  it("makes no sound before the player first presses a key or touches the page", async () => {
    await mount(p.page, { pack: "lantern-cellar", level: "lc01_bottom_step" });
    await p.page.evaluate(() =>
      (window as never as TestWindow).gpTest.player.act({ action: "move", direction: "right" }),
    );
    await p.page.waitForTimeout(150);
    expect(await recorded()).toEqual({ contexts: 0, tones: [] });
  });

  it("plays a move, a blocked move and the theme's tuning after a key press", async () => {
    await mount(p.page, { pack: "lantern-cellar", level: "lc01_bottom_step" });
    await p.page.focus("#player");
    expect(await tonesAfter("ArrowRight")).toEqual([{ wave: "triangle", pitch: 440 }]);
    // Up from the top row: nothing moves.
    expect(await tonesAfter("ArrowUp")).toEqual([{ wave: "sawtooth", pitch: 130 }]);
    expect((await recorded()).contexts).toBe(1);
    await mount(p.page, { pack: "quiet", level: "lc01_bottom_step" });
    await p.page.focus("#player");
    expect(await tonesAfter("ArrowRight")).toEqual([{ wave: "square", pitch: 1000 }]);
    expect(await tonesAfter("ArrowUp")).toEqual([]);
    // One audio context for the page, however many turns and players.
    expect((await recorded()).contexts).toBe(1);
  });

  it("mutes with its button, and remembers it for the next player", async () => {
    await mount(p.page, { pack: "lantern-cellar", level: "lc01_bottom_step" });
    const button = p.page.locator("#player [data-sound]");
    expect(await button.textContent()).toBe("Sound on");
    await button.click();
    expect(await button.textContent()).toBe("Sound off");
    await p.page.focus("#player");
    expect(await tonesAfter("ArrowRight")).toEqual([]);
    await mount(p.page, { pack: "lantern-cellar", level: "lc01_bottom_step" });
    expect(await p.page.locator("#player [data-sound]").textContent()).toBe("Sound off");
    await p.page.focus("#player");
    expect(await tonesAfter("ArrowRight")).toEqual([]);
    await p.page.locator("#player [data-sound]").click();
    await p.page.focus("#player");
    expect(await tonesAfter("ArrowDown")).toHaveLength(1);
  });
});
