import type { Registry, SystemDefinition } from "../contract/runtime.js";
import { BUILTIN_GOALS, BUILTIN_LOSE_CONDITIONS } from "../goals/index.js";
import { followerNpcs } from "../plugins/follower-npcs.js";
import { BUILTIN_SYSTEMS } from "../systems/index.js";
import { createRegistry } from "./registry.js";

/**
 * The types the DSL defines, as the engine plays them: every built-in system, goal and lose condition
 * type. Packs load with it unless given another registry; `builtinRegistry.extend({ systems: [mine] })`
 * makes one with custom types too.
 */
export const builtinRegistry: Registry = createRegistry({
  // The plug-ins in `plugins/` are registered like any custom type (see `api.ts`).
  systems: [...(Object.values(BUILTIN_SYSTEMS) as SystemDefinition<never>[]), followerNpcs],
  goals: BUILTIN_GOALS,
  loseConditions: BUILTIN_LOSE_CONDITIONS,
});
