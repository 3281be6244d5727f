import type { LevelRuntime, SelectedPiece } from "../contract/runtime.js";
import type { GameState } from "../contract/state.js";

/**
 * The piece the level's systems have selected in `state` (see `SystemBehaviour.selectedPiece`): the
 * first system, in `game.json` order, that reports one. `null` when none does.
 */
export function selectedPiece(level: LevelRuntime, state: GameState): SelectedPiece | null {
  for (const system of level.systems) {
    const piece = system.behaviour.selectedPiece?.(system.config as never, state);
    if (piece) return piece;
  }
  return null;
}
