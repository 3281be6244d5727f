/** The view-model types this package draws (re-exported so modules import them from one place). */
export type {
  Appearance,
  Cell,
  EffectStep,
  Form,
  Gesture,
  Piece,
  Pose,
  Scene,
  SpriteRef,
  Timeline,
  Track,
} from "@gridponder/view";

import type { Piece } from "@gridponder/view";

/** A JSON value as a piece's params and queue hold it. */
export type JsonValueLike = NonNullable<Piece["queue"]>[number];
