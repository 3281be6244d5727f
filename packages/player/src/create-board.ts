import { IsoRenderer, webglAvailable } from "@gridponder/renderer-three";
import type { BoardRenderer, BoardView, Gesture, SpriteRef } from "@gridponder/view";
import { FallbackBoard } from "./fallback-board.js";

/** Which kind of board `createBoard` made. */
export function boardKind(board: BoardRenderer): "webgl" | "2d" {
  return board instanceof IsoRenderer ? "webgl" : "2d";
}

/**
 * The board renderer for `choice`: WebGL (showing `view`) when asked for (or `auto`) and available,
 * else the 2D canvas, which is always seen from above.
 */
export function createBoard(
  choice: "auto" | "webgl" | "2d",
  container: HTMLElement,
  assetUrlOf: (ref: SpriteRef) => string,
  onGesture: (g: Gesture) => void,
  reducedMotion: boolean,
  view: BoardView = "isometric",
): BoardRenderer {
  const options = { container, assetUrl: assetUrlOf, onGesture, reducedMotion };
  if (choice !== "2d" && webglAvailable()) {
    try {
      return new IsoRenderer({ ...options, view });
    } catch {
      // A context that fails after the capability check (lost GPU, blocked) still gets a board.
    }
  }
  return new FallbackBoard(options);
}
