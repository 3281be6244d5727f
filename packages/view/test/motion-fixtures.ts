import { join } from "node:path";
import type { GameEvent, TurnResult } from "@gridponder/engine";
import { ViewController } from "../src/controller.js";
import { goldActions } from "../src/hud.js";
import type { Piece, Scene, Timeline, Track } from "../src/types.js";
import { corpusPack, type LoadedPack, loadPack, OWN_PACKS } from "./corpus.js";

/** One played turn: the scenes around it, its result and its timeline. */
export interface PlayedTurn {
  readonly loaded: LoadedPack;
  readonly levelId: string;
  readonly step: number;
  readonly controller: ViewController;
  readonly before: Scene;
  readonly after: Scene;
  readonly result: TurnResult;
  readonly timeline: Timeline;
}

/** A pack of the corpus, or of this repository when the name is one of its packs. */
export async function packNamed(name: string): Promise<LoadedPack> {
  return name === "lantern-cellar" ? loadPack(join(OWN_PACKS, name)) : corpusPack(name);
}

/**
 * Plays the gold paths of a pack's levels (in play order) through a controller and returns the first
 * turn whose events satisfy `wanted`, with the controller left right after it.
 */
export async function firstTurn(
  packName: string,
  wanted: (events: readonly GameEvent[], result: TurnResult) => boolean,
  options: { reducedMotion?: boolean; levels?: readonly string[] } = {},
): Promise<PlayedTurn> {
  const loaded = await packNamed(packName);
  for (const levelId of options.levels ?? loaded.pack.levelOrder) {
    const controller = new ViewController(loaded.pack, levelId, {
      assets: loaded.assets,
      reducedMotion: options.reducedMotion,
    });
    const gold = goldActions(controller.session.level);
    for (let step = 0; step < gold.length; step++) {
      const before = controller.scene;
      const { result, timeline } = controller.act(gold[step] as NonNullable<(typeof gold)[number]>);
      if (!timeline) throw new Error(`${packName}/${levelId}: gold step ${step} refused`);
      if (wanted(result.events, result))
        return { loaded, levelId, step, controller, before, after: controller.scene, result, timeline };
    }
  }
  throw new Error(`no turn of ${packName} fits`);
}

export function pieceAt(scene: Scene, layer: string, x: number, y: number): Piece {
  const view = scene.layers.find((l) => l.id === layer);
  const piece = view?.cells[y * scene.width + x];
  if (!piece) throw new Error(`nothing on ${layer} at ${x},${y}`);
  return piece;
}

export function trackOf(timeline: Timeline, id: string): Track {
  const track = timeline.tracks.find((t) => t.id === id);
  if (!track) throw new Error(`no track for ${id}`);
  return track;
}

export function cellOf(value: unknown): [number, number] {
  if (!Array.isArray(value) || value.length !== 2) throw new Error(`not a cell: ${JSON.stringify(value)}`);
  return [Number(value[0]), Number(value[1])];
}

export function eventOf(events: readonly GameEvent[], type: string): GameEvent {
  const e = events.find((x) => x.type === type);
  if (!e) throw new Error(`no ${type} event`);
  return e;
}
