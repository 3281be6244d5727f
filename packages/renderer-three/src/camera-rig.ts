import { type OrthographicCamera, Vector3 } from "three";
import { type CameraFit, SCREEN_RIGHT, SCREEN_UP, TO_CAMERA } from "./iso.js";

/** Far enough that the near plane never clips a board; the projection is orthographic, so it changes no size. */
const CAMERA_DISTANCE = 200;

/**
 * Aims the orthographic camera as `fit` says. Picking and projection read the same fit, so what is
 * drawn and what a pointer hits cannot drift apart.
 */
export function aimCamera(camera: OrthographicCamera, fit: CameraFit): void {
  const { zoom, u0, v0, viewWidth, viewHeight } = fit;
  camera.left = -viewWidth / 2 / zoom;
  camera.right = viewWidth / 2 / zoom;
  camera.top = viewHeight / 2 / zoom;
  camera.bottom = -viewHeight / 2 / zoom;
  camera.near = 1;
  camera.far = CAMERA_DISTANCE * 2;
  const target = new Vector3(
    u0 * SCREEN_RIGHT[0] + v0 * SCREEN_UP[0],
    u0 * SCREEN_RIGHT[1] + v0 * SCREEN_UP[1],
    u0 * SCREEN_RIGHT[2] + v0 * SCREEN_UP[2],
  );
  camera.position.set(
    target.x + TO_CAMERA[0] * CAMERA_DISTANCE,
    target.y + TO_CAMERA[1] * CAMERA_DISTANCE,
    target.z + TO_CAMERA[2] * CAMERA_DISTANCE,
  );
  camera.up.set(0, 1, 0);
  camera.lookAt(target);
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld();
}
