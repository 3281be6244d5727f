import type { ReleaseFromEmitterParams } from "@gridponder/schema";
import type { EffectDefinition } from "../../contract/runtime.js";
import { releaseFromEmitter } from "./emitters.js";

/** `release_from_emitter`: an emitter releases what it can right now (see `releaseFromEmitter`). */
export const releaseFromEmitterEffect: EffectDefinition<ReleaseFromEmitterParams> = {
  type: "release_from_emitter",
  compile(_pack, f) {
    const id = String(f.emitterId);
    return (ctx) => {
      releaseFromEmitter(ctx, id);
    };
  },
};
