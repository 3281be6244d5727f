import type { Cell, Gesture, Scene, SpriteRef, Timeline } from "@gridponder/view";
import { IsoRenderer, webglAvailable } from "../../src/index.js";

/** What the browser tests drive through `page.evaluate`. */
export interface TestApi {
  webglAvailable(): boolean;
  mount(options: { pack: string; width?: number; height?: number; reducedMotion?: boolean }): void;
  /** Shows a scene; `pack` names the folder its own sprite files are served from. */
  setScene(scene: Scene, pack?: string): Promise<void>;
  /** Plays a timeline; `frames` counts the frames drawn from its start to its end. */
  play(timeline: Timeline): Promise<{ animatingDuring: boolean; animatingAfter: boolean; frames: number }>;
  /** Plays a timeline, reads the renderer's memory once its images loaded, then finishes it and reads again. */
  playWithMemory(
    timeline: Timeline,
  ): Promise<{ during: IsoRenderer["info"]["memory"]; after: IsoRenderer["info"]["memory"] }>;
  playAndFinish(timeline: Timeline): Promise<{ resolved: boolean; animating: boolean }>;
  project(cell: Cell, height?: number): { x: number; y: number };
  cellAt(x: number, y: number): Cell | null;
  info(): IsoRenderer["info"];
  gestures: Gesture[];
  unmount(): IsoRenderer["info"];
  renderer(): IsoRenderer | null;
  containerRect(): { left: number; top: number };
}

let current: IsoRenderer | null = null;
let currentPack = "";
let host: HTMLDivElement | null = null;
const gestures: Gesture[] = [];

const api: TestApi = {
  webglAvailable,
  gestures,
  mount({ pack, width = 800, height = 600, reducedMotion = false }) {
    host?.remove();
    host = document.createElement("div");
    host.style.cssText = `position:absolute;left:20px;top:10px;width:${width}px;height:${height}px`;
    document.body.appendChild(host);
    currentPack = pack;
    const assetUrl = (ref: SpriteRef) => `/packs/${ref.collection ?? currentPack}/${ref.path}`;
    current = new IsoRenderer({
      container: host,
      assetUrl,
      onGesture: (g) => gestures.push(g),
      reducedMotion,
    });
  },
  async setScene(scene, pack) {
    if (!current) throw new Error("not mounted");
    if (pack) currentPack = pack;
    current.setScene(scene);
    await current.whenReady();
    current.render();
  },
  async play(timeline) {
    const r = current;
    if (!r) throw new Error("not mounted");
    const first = r.info.render.frame;
    const done = r.play(timeline);
    const animatingDuring = r.animating;
    await done;
    const frames = r.info.render.frame - first;
    await r.whenReady();
    r.render();
    return { animatingDuring, animatingAfter: r.animating, frames };
  },
  async playWithMemory(timeline) {
    const r = current;
    if (!r) throw new Error("not mounted");
    const done = r.play(timeline);
    await r.whenReady();
    r.render();
    const during = r.info.memory;
    r.finish();
    await done;
    r.render();
    return { during, after: r.info.memory };
  },
  async playAndFinish(timeline) {
    const r = current;
    if (!r) throw new Error("not mounted");
    let resolved = false;
    const done = r.play(timeline).then(() => {
      resolved = true;
    });
    r.finish();
    await done;
    r.render();
    return { resolved, animating: r.animating };
  },
  project: (cell, height) => {
    if (!current || !host) throw new Error("not mounted");
    return current.project(cell, height);
  },
  cellAt: (x, y) => current?.cellAt(x, y) ?? null,
  info: () => {
    if (!current) throw new Error("not mounted");
    return current.info;
  },
  unmount() {
    if (!current) throw new Error("not mounted");
    const r = current;
    r.dispose();
    current = null;
    host?.remove();
    host = null;
    return r.info;
  },
  renderer: () => current,
  containerRect() {
    const rect = host?.getBoundingClientRect();
    return { left: rect?.left ?? 0, top: rect?.top ?? 0 };
  },
};

(window as unknown as { gp: TestApi }).gp = api;
