import type { Appearance, Key, Piece, Scene, Timeline, Track } from "@gridponder/view";
import { IsoRenderer } from "../src/index.js";

/**
 * The benchmark scene: a 64x64 board (two ground colours) with 500 objects of eight looks
 * (procedural forms, numbered tiles, sprites), every one of them moving for the whole timeline.
 */
const SIZE = 64;
const OBJECTS = Number(new URLSearchParams(location.search).get("objects") ?? 500);
const DURATION = 4000;

function look(color: string, form: Appearance["form"], extra: Partial<Appearance> = {}): Appearance {
  const base: Omit<Appearance, "key"> = {
    sprite: null,
    mirror: false,
    display: "fill",
    form,
    color,
    text: null,
    icon: null,
    opacity: 1,
    tint: null,
    ...extra,
  };
  return { ...base, key: JSON.stringify(base) };
}

const base = (path: string) => ({ collection: "gridponder-base", path });
const LOOKS: Appearance[] = [
  look("#e53935", "crate"),
  look("#1e88e5", "orb"),
  look("#fdd835", "tile", { text: "2", display: "label" }),
  look("#8e24aa", "tile", { text: "8", display: "label" }),
  look("#43a047", "block"),
  look("#fb8c00", "figure"),
  look("#795548", "crate", { sprite: base("sprites/tiles/box_0.png") }),
  look("#9e9e9e", "block", { sprite: base("sprites/tiles/rock.png") }),
];

function piece(id: string, role: Piece["role"], x: number, y: number, appearance: Appearance): Piece {
  return {
    id,
    role,
    kind: id,
    layer: role === "ground" ? "ground" : "objects",
    layerIndex: role === "ground" ? 0 : 1,
    cell: [x, y],
    cells: [[x, y]],
    params: {},
    tags: [],
    symbol: "?",
    name: id,
    appearance,
  };
}

function benchScene(): { scene: Scene; timeline: Timeline } {
  const grounds = [look("#5d7052", "flat"), look("#667a5a", "flat")];
  const pieces: Piece[] = [];
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++)
      pieces.push(piece(`g@${x},${y}`, "ground", x, y, grounds[(x + y) % 2] as Appearance));
  const tracks: Track[] = [];
  for (let i = 0; i < OBJECTS; i++) {
    const cell = i * 8;
    const x = cell % SIZE;
    const y = Math.floor(cell / SIZE);
    const p = piece(`o${i}`, "entity", x, y, LOOKS[i % LOOKS.length] as Appearance);
    pieces.push(p);
    const pose = (px: number, z: number) => ({ x: px, y, z, scale: 1, squash: 1, opacity: 1, turn: 0 });
    const keys: Key[] = [
      { t: 0, pose: pose(x, 0), ease: "linear" },
      { t: DURATION / 2, pose: pose(Math.min(SIZE - 1, x + 1), 0.3), ease: "in_out" },
      { t: DURATION, pose: pose(x, 0), ease: "in_out" },
    ];
    tracks.push({ id: p.id, piece: p, keys, leaves: false, enters: false });
  }
  const scene: Scene = {
    width: SIZE,
    height: SIZE,
    layers: [],
    pieces,
    void: new Array(SIZE * SIZE).fill(false),
    outlines: [],
    avatar: null,
    overlay: null,
    goalGrids: [],
    theme: {
      palette: {},
      primaryColor: "#4caf50",
      backgroundColor: "#1b1d24",
      board: {
        cellSize: 48,
        cellSpacing: 0,
        borderRadius: 0,
        gridLineColor: "#000000",
        showGridLines: false,
      },
      text: { fontFamily: "default", titleColor: "#ffffff", bodyColor: "#dddddd" },
      avatarVisible: true,
    },
  };
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
