import { type ActionInput, Session } from "@gridponder/engine";
import { describe, expect, test } from "vitest";
import { ViewController } from "../src/controller.js";
import { buildScene } from "../src/scene.js";
import type { Scene } from "../src/types.js";
import { namedPack } from "./corpus.js";

/** A scene without ids, as text: scenes built along different routes to one state compare equal. */
function shape(scene: Scene): string {
  return JSON.stringify(scene, (key, value) => (key === "id" ? undefined : value));
}

const zigzag = (n: number): ActionInput[] =>
  Array.from({ length: n }, (_, i) => ({ action: "move", direction: i % 2 === 0 ? "right" : "left" }));

describe("ViewController.fastForward", () => {
  test("keeps no scene per move however long the replay; undo and redo build the scenes they show", async () => {
    const { pack, assets } = await namedPack("lantern-cellar");
    const vc = new ViewController(pack, "lc02_storeroom", { assets });
    expect(vc.fastForward(zigzag(20_000))).toEqual({ played: 20_000, refused: null });
    expect(vc.keptScenes).toBe(0);
    expect(vc.session.actions.length).toBe(20_000);
    expect(vc.hud().canUndo).toBe(true);

    const reference = new Session(pack, "lc02_storeroom");
    reference.replay(zigzag(19_998));
    const referenceScene = () => shape(buildScene(vc.ctx, reference.level, reference.state));
    expect(vc.undo()).not.toBeNull();
    expect(vc.undo()).not.toBeNull();
    expect(vc.session.stateKey()).toBe(reference.stateKey());
    expect(shape(vc.scene)).toBe(referenceScene());
    // Undone scenes wait for redo; none is kept for the moves below.
    expect(vc.keptScenes).toBe(2);
    expect(vc.redo()).not.toBeNull();
    reference.act(zigzag(1)[0] as ActionInput);
    expect(shape(vc.scene)).toBe(referenceScene());
    // A turn after the replay is kept as any turn is, and undone as one.
    expect(vc.act({ action: "move", direction: "down" }).timeline).not.toBeNull();
    expect(vc.undo()).not.toBeNull();
    expect(vc.session.stateKey()).toBe(reference.stateKey());
    expect(shape(vc.scene)).toBe(referenceScene());
    expect(vc.reset()).not.toBeNull();
    expect(vc.keptScenes).toBe(0);
    expect(vc.session.actions.length).toBe(0);
    expect(vc.reset()).toBeNull();
  });

  test("stops at the first action the engine refuses and says which", async () => {
    const { pack, assets } = await namedPack("lantern-cellar");
    const vc = new ViewController(pack, "lc02_storeroom", { assets });
    const actions: ActionInput[] = [...zigzag(3), { action: "fly" }, ...zigzag(2)];
    expect(vc.fastForward(actions)).toEqual({ played: 3, refused: 3 });
    expect(vc.session.actions.length).toBe(3);
    const none = new ViewController(pack, "lc02_storeroom", { assets });
    expect(none.fastForward([{ action: "fly" }])).toEqual({ played: 0, refused: 0 });
    expect(none.reset()).toBeNull();
    expect(none.fastForward([])).toEqual({ played: 0, refused: null });
  });
});
