import type { Appearance, Key, Piece, Scene, Timeline, Track } from "@gridponder/view";
import { IsoRenderer } from "../src/index.js";
import { appearance, scene as boardScene, piece } from "../test/fixtures.js";

/**
 * The benchmark scene: a 64x64 board (two ground colours) with 500 objects of eight looks
 * (procedural forms, numbered tiles, sprites), every one of them moving for the whole timeline.
 */
const SIZE = 64;
const OBJECTS = Number(new URLSearchParams(location.search).get("objects") ?? 500);
const DURATION = 4000;

const base = (path: string) => ({ collection: "gridponder-base", path });
const LOOKS: Appearance[] = [
  appearance("#e53935", "crate"),
  appearance("#1e88e5", "orb"),
  appearance("#fdd835", "tile", { text: "2", display: "label" }),
  appearance("#8e24aa", "tile", { text: "8", display: "label" }),
  appearance("#43a047", "block"),
  appearance("#fb8c00", "figure"),
  appearance("#795548", "crate", { sprite: base("sprites/tiles/box_0.png") }),
  appearance("#9e9e9e", "block", { sprite: base("sprites/tiles/rock.png") }),
];

function benchScene(): { scene: Scene; timeline: Timeline } {
  const grounds = [appearance("#5d7052", "flat"), appearance("#667a5a", "flat")];
  const objects: Piece[] = [];
  const tracks: Track[] = [];
  for (let i = 0; i < OBJECTS; i++) {
    const cell = i * 8;
    const x = cell % SIZE;
    const y = Math.floor(cell / SIZE);
    const p = piece(`o${i}`, x, y, LOOKS[i % LOOKS.length] as Appearance);
    objects.push(p);
    const pose = (px: number, z: number) => ({ x: px, y, z, scale: 1, squash: 1, opacity: 1, turn: 0 });
    const keys: Key[] = [
      { t: 0, pose: pose(x, 0), ease: "linear" },
      { t: DURATION / 2, pose: pose(Math.min(SIZE - 1, x + 1), 0.3), ease: "in_out" },
      { t: DURATION, pose: pose(x, 0), ease: "in_out" },
    ];
    tracks.push({ id: p.id, piece: p, keys, leaves: false, enters: false });
  }
  const scene = boardScene(SIZE, SIZE, objects, {
    groundAt: (x, y) => grounds[(x + y) % 2] as Appearance,
    background: "#1b1d24",
  });
  const timeline: Timeline = {
    cause: "turn",
    from: scene,
    to: scene,
    durationMs: DURATION,
    stages: [{ name: "motion", startMs: 0, durationMs: DURATION, ids: tracks.map((t) => t.id) }],
    tracks,
    effects: [],
  };
  return { scene, timeline };
}

export interface BenchResult {
  frames: number;
  frameMs: number[];
  intervals: number[];
  calls: number;
  triangles: number;
  geometries: number;
  textures: number;
}

async function run(): Promise<BenchResult> {
  const host = document.createElement("div");
  host.style.cssText = "position:absolute;inset:0";
  document.body.appendChild(host);
  const renderer = new IsoRenderer({
    container: host,
    assetUrl: (ref) => `/packs/${ref.collection}/${ref.path}`,
    reducedMotion: false,
    pixelRatio: 1,
    antialias: new URLSearchParams(location.search).get("antialias") !== "0",
  });
  const { scene, timeline } = benchScene();
  renderer.setScene(scene);
  await renderer.whenReady();
  renderer.render();
  const frameMs: number[] = [];
  const intervals: number[] = [];
  let calls = 0;
  let triangles = 0;
  let last = 0;
  const done = renderer.play(timeline);
  // Registered after play(), so in each frame this runs right after the renderer's own frame.
  const sample = (now: number) => {
    if (!renderer.animating) return;
    if (last) intervals.push(now - last);
    last = now;
    frameMs.push(renderer.lastFrameMs);
    calls = Math.max(calls, renderer.info.render.calls);
    triangles = renderer.info.render.triangles;
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
  await done;
  const { memory } = renderer.info;
  renderer.dispose();
  return { frames: frameMs.length, frameMs, intervals, calls, triangles, ...memory };
}

(window as unknown as { runBench: () => Promise<BenchResult> }).runBench = run;
