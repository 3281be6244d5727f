import { type OrthographicCamera, Vector3 } from "three";
import type { CameraFit } from "./iso.js";

/** Far enough that the near plane never clips a board; the projection is orthographic, so it changes no size. */
const CAMERA_DISTANCE = 200;

/**
 * Aims the orthographic camera as `fit` says. Picking and projection read the same fit, so what is
 * drawn and what a pointer hits cannot drift apart.
 */
export function aimCamera(camera: OrthographicCamera, fit: CameraFit): void {
  const { zoom, u0, v0, viewWidth, viewHeight } = fit;
  const { screenRight: r, screenUp: up, toCamera: c } = fit.projection;
  camera.left = -viewWidth / 2 / zoom;
  camera.right = viewWidth / 2 / zoom;
  camera.top = viewHeight / 2 / zoom;
  camera.bottom = -viewHeight / 2 / zoom;
  camera.near = 1;
  camera.far = CAMERA_DISTANCE * 2;
  const target = new Vector3(u0 * r[0] + v0 * up[0], u0 * r[1] + v0 * up[1], u0 * r[2] + v0 * up[2]);
  camera.position.set(
    target.x + c[0] * CAMERA_DISTANCE,
    target.y + c[1] * CAMERA_DISTANCE,
    target.z + c[2] * CAMERA_DISTANCE,
  );
  // The screen's up, not world up: looking straight down, world up is the view direction itself.
  camera.up.set(up[0], up[1], up[2]);
  camera.lookAt(target);
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld();
}
