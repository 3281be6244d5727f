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
  /**
   * Keeps the pixels inside `box` of each scene of `references`, shows `from` at rest (its images
   * loaded), then plays `timeline` and counts, in every frame drawn until it ends, the pixels of `box`
   * that differ from the closest reference.
   */
  differenceInEveryFrame(
    timeline: Timeline,
    from: Scene,
    references: readonly Scene[],
    box: { x: number; y: number; width: number; height: number },
  ): Promise<number[]>;
}

/** The pixels of `box` (CSS px of the canvas) as drawn by the frame just rendered. */
function readBox(canvas: HTMLCanvasElement, box: { x: number; y: number; width: number; height: number }) {
  const ratio = canvas.width / canvas.clientWidth;
  const copy = document.createElement("canvas");
  copy.width = box.width;
  copy.height = box.height;
  const ctx = copy.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("no 2d context");
  // Read in the task that rendered: the drawing buffer is only kept until the frame is composited.
  ctx.drawImage(
    canvas,
    box.x * ratio,
    box.y * ratio,
    box.width * ratio,
    box.height * ratio,
    0,
    0,
    box.width,
    box.height,
  );
  return ctx.getImageData(0, 0, box.width, box.height).data;
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
  async differenceInEveryFrame(timeline, from, references, box) {
    const r = current;
    if (!r || !host) throw new Error("not mounted");
    const canvas = host.querySelector("canvas") as HTMLCanvasElement;
    const kept: Uint8ClampedArray[] = [];
    for (const scene of references) {
      r.setScene(scene);
      await r.whenReady();
      r.render();
      kept.push(readBox(canvas, box));
    }
    r.setScene(from);
    await r.whenReady();
    r.render();
    const differing = (data: Uint8ClampedArray, reference: Uint8ClampedArray): number => {
      let n = 0;
      for (let i = 0; i < data.length; i += 4)
        if (
          Math.abs((data[i] ?? 0) - (reference[i] ?? 0)) +
            Math.abs((data[i + 1] ?? 0) - (reference[i + 1] ?? 0)) +
            Math.abs((data[i + 2] ?? 0) - (reference[i + 2] ?? 0)) >
          48
        )
          n++;
      return n;
    };
    let done = false;
    const playing = r.play(timeline).then(() => {
      done = true;
    });
    const counts: number[] = [];
    // A frame drawn right away, then one per animation frame until the timeline has ended.
    while (!done) {
      r.render();
      const data = readBox(canvas, box);
      counts.push(Math.min(...kept.map((reference) => differing(data, reference))));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await playing;
    return counts;
  },
  containerRect() {
    const rect = host?.getBoundingClientRect();
    return { left: rect?.left ?? 0, top: rect?.top ?? 0 };
  },
};

(window as unknown as { gp: TestApi }).gp = api;
