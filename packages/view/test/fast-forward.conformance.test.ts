import { describe, expect, test } from "vitest";
import { ViewController } from "../src/controller.js";
import { goldActions } from "../src/hud.js";
import { buildScene } from "../src/scene.js";
import type { Scene } from "../src/types.js";
import { everyLevel } from "./corpus.js";

/** A scene without ids, as text: scenes built along different routes to one state compare equal. */
function shape(scene: Scene): string {
  return JSON.stringify(scene, (key, value) => (key === "id" ? undefined : value));
}

describe("ViewController.fastForward", () => {
  test("reaches the state and scene of playing every gold path turn by turn, keeping one scene", async () => {
    let levels = 0;
    for (const { loaded, levelId } of await everyLevel()) {
      const gold = goldActions(new ViewController(loaded.pack, levelId).session.level);
      const stepped = new ViewController(loaded.pack, levelId, { assets: loaded.assets });
      for (const a of gold) stepped.act(a);
      const fast = new ViewController(loaded.pack, levelId, { assets: loaded.assets });
      const where = `${loaded.name}/${levelId}`;
      expect(fast.fastForward(gold), where).toEqual({ played: gold.length, refused: null });
      expect(fast.session.stateKey(), where).toBe(stepped.session.stateKey());
      expect(shape(fast.scene), where).toBe(
        shape(buildScene(fast.ctx, fast.session.level, fast.session.state)),
      );
      expect(fast.keptScenes, where).toBe(0);
      expect(stepped.keptScenes, where).toBe(gold.length);
      levels++;
    }
    expect(levels).toBeGreaterThan(50);
  });
});
