/**
 * `@gridponder/renderer-three`: draws `@gridponder/view` scenes as an isometric three.js board and
 * plays their timelines, with pointer swipes and taps mapped back to board directions and cells.
 * @module
 */

export {
  type CameraFit,
  cellAtScreen,
  cellToScreen,
  type FitOptions,
  fitCamera,
  screenToPlane,
  type Vec3,
  worldToScreen,
} from "./iso.js";
export { IsoRenderer, type IsoRendererOptions, type RendererInfo } from "./iso-renderer.js";
export { classifySwipe, type Direction, type SwipeOptions, screenToBoardVector } from "./swipe.js";
export { webglAvailable } from "./webgl.js";
