import type { EventDefinition } from "../contract/events.js";
import { actionVetoed } from "./action-vetoed.js";
import { actorBlocked } from "./actor-blocked.js";
import { actorEntered } from "./actor-entered.js";
import { actorMoved } from "./actor-moved.js";
import { actorReacted } from "./actor-reacted.js";
import { actorSelected } from "./actor-selected.js";
import { avatarEntered } from "./avatar-entered.js";
import { avatarExited } from "./avatar-exited.js";
import { boxesMerged } from "./boxes-merged.js";
import { cellClaimed } from "./cell-claimed.js";
import { cellCleared } from "./cell-cleared.js";
import { cellTransformed } from "./cell-transformed.js";
import { cellsFlooded } from "./cells-flooded.js";
import { cellsSwapped } from "./cells-swapped.js";
import { entityPath } from "./entity-path.js";
import { entitySpawn } from "./entity-spawn.js";
import { goalStepCompleted } from "./goal-step-completed.js";
import { inventoryChanged } from "./inventory-changed.js";
import { itemReleased } from "./item-released.js";
import { lineOfSightDetected } from "./line-of-sight-detected.js";
import { moveBlocked } from "./move-blocked.js";
import { multiCellObjectExited } from "./multi-cell-object-exited.js";
import { multiCellObjectMoved } from "./multi-cell-object-moved.js";
import { objectPlaced } from "./object-placed.js";
import { objectPushed } from "./object-pushed.js";
import { objectRemoved } from "./object-removed.js";
import { objectSettled } from "./object-settled.js";
import { overlayMoved } from "./overlay-moved.js";
import { regionFlipped } from "./region-flipped.js";
import { regionRotated } from "./region-rotated.js";
import { regionTransformed } from "./region-transformed.js";
import { tileMoved } from "./tile-moved.js";
import { tilesMerged } from "./tiles-merged.js";
import { tilesSlid } from "./tiles-slid.js";
import { turnEnded } from "./turn-ended.js";
import { variableChanged } from "./variable-changed.js";

/**
 * The event types of the DSL's rules, one module each, in every registry: rules may listen to any of
 * them whatever systems a game enables. The events of `follower_npcs` come with that system.
 */
export const BUILTIN_EVENTS: readonly EventDefinition[] = [
  avatarEntered,
  avatarExited,
  moveBlocked,
  objectPlaced,
  objectRemoved,
  objectPushed,
  objectSettled,
  cellCleared,
  cellTransformed,
  boxesMerged,
  inventoryChanged,
  variableChanged,
  tilesSlid,
  tilesMerged,
  itemReleased,
  tileMoved,
  entitySpawn,
  entityPath,
  multiCellObjectMoved,
  multiCellObjectExited,
  overlayMoved,
  regionRotated,
  regionFlipped,
  cellsSwapped,
  regionTransformed,
  cellsFlooded,
  actorSelected,
  actorMoved,
  actorEntered,
  actorBlocked,
  actorReacted,
  cellClaimed,
  lineOfSightDetected,
  actionVetoed,
  goalStepCompleted,
  turnEnded,
];
