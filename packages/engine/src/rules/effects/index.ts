import type { EffectDefinition } from "../../contract/runtime.js";
import { applyGravityEffect } from "./apply-gravity.js";
import { clearInventory } from "./clear-inventory.js";
import { destroy } from "./destroy.js";
import { incrementVariable } from "./increment-variable.js";
import { moveEntity } from "./move-entity.js";
import { resolveMove } from "./resolve-move.js";
import { setCell } from "./set-cell.js";
import { setInventory } from "./set-inventory.js";
import { setVariableEffect } from "./set-variable.js";
import { spawn } from "./spawn.js";
import { transform } from "./transform.js";

/**
 * The rule effects the DSL defines that belong to no system, one module each. Effects of a system
 * (`release_from_emitter`) come with that system's definition.
 */
export const BUILTIN_EFFECTS: readonly EffectDefinition<never>[] = [
  spawn,
  setCell,
  destroy,
  transform,
  moveEntity,
  applyGravityEffect,
  setVariableEffect,
  incrementVariable,
  setInventory,
  clearInventory,
  resolveMove,
];
