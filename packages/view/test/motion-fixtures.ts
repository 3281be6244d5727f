import type { GameEvent, TurnResult } from "@gridponder/engine";
import { ViewController } from "../src/controller.js";
import { goldActions } from "../src/hud.js";
import { type IdentityResult, trackIdentities } from "../src/identity.js";
import { buildScene, withIds } from "../src/scene.js";
import type { Cell, Piece, Scene, Timeline, Track } from "../src/types.js";
import { type LoadedPack, namedPack } from "./corpus.js";

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

/**
 * Plays the gold paths of a pack's levels (in play order) through a controller and returns the first
 * turn whose events satisfy `wanted`, with the controller left right after it.
 */
export async function firstTurn(
  packName: string,
  wanted: (events: readonly GameEvent[], result: TurnResult) => boolean,
  options: { reducedMotion?: boolean; levels?: readonly string[] } = {},
): Promise<PlayedTurn> {
  const loaded = await namedPack(packName);
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

/** A turn predicate: the turn reported an event of this type. */
export const has = (type: string) => (events: readonly GameEvent[]) => events.some((e) => e.type === type);

/** The first gold-path turn of a pack that reports an event of `type`, with that event. */
export async function turnWithEvent(
  packName: string,
  type: string,
  options: { reducedMotion?: boolean } = {},
): Promise<PlayedTurn & { readonly event: GameEvent }> {
  const turn = await firstTurn(packName, has(type), options);
  return { ...turn, event: eventOf(turn.result.events, type) };
}

/** The first gold-path turn of a pack that pushes something: where from, where to, and what. */
export async function firstPush(
  packName: string,
  options: { reducedMotion?: boolean } = {},
): Promise<PlayedTurn & { readonly from: Cell; readonly to: Cell; readonly crate: Piece }> {
  const turn = await turnWithEvent(packName, "object_pushed", options);
  const from = cellOf(turn.event.fromPosition);
  return {
    ...turn,
    from,
    to: cellOf(turn.event.toPosition),
    crate: pieceAt(turn.before, "objects", ...from),
  };
}

/** The identity trace of a played turn, worked out again from the scene before it and its events. */
export function traceOf(turn: Pick<PlayedTurn, "controller" | "before" | "result">): IdentityResult {
  const { controller, before, result } = turn;
  const positional = buildScene(controller.ctx, controller.session.level, result.state);
  return trackIdentities(controller.ctx.pack, before, result.events, positional, withIds);
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
