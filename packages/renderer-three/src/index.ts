/**
 * `@gridponder/renderer-three`: draws `@gridponder/view` scenes as a three.js board, isometric or seen
 * from above, and plays their timelines, with pointer swipes and taps mapped back to board directions and cells.
 * @module
 */

export {
  type CameraFit,
  cellAtScreen,
  cellToScreen,
  type FitOptions,
  fitCamera,
  ISOMETRIC,
  type Projection,
  projectionOf,
  screenToPlane,
  TOP_DOWN,
  type Vec3,
  worldToScreen,
} from "./iso.js";
export { IsoRenderer, type IsoRendererOptions, type RendererInfo } from "./iso-renderer.js";
export { classifySwipe, type Direction, type SwipeOptions, screenToBoardVector } from "./swipe.js";
export { webglAvailable } from "./webgl.js";
