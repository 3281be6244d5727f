import { LinearSRGBColorSpace, WebGLRenderer } from "three";

/** Whether this browser can create a WebGL context (the player falls back to 2D when it cannot). */
export function webglAvailable(): boolean {
  if (typeof document === "undefined") return false;
  try {
    const canvas = document.createElement("canvas");
    const gl = (canvas.getContext("webgl2") ?? canvas.getContext("webgl")) as WebGLRenderingContext | null;
    if (!gl) return false;
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return true;
  } catch {
    return false;
  }
}

/** A WebGL renderer whose canvas fills `container` and takes every touch for the board's own gestures. */
export function createBoardCanvas(container: HTMLElement, antialias: boolean): WebGLRenderer {
  const renderer = new WebGLRenderer({ antialias, alpha: false, powerPreference: "low-power" });
  renderer.outputColorSpace = LinearSRGBColorSpace;
  renderer.sortObjects = true;
  const canvas = renderer.domElement;
  canvas.style.display = "block";
  canvas.style.width = "100%";
  canvas.style.height = "100%";
  canvas.style.touchAction = "none";
  if (getComputedStyle(container).position === "static") container.style.position = "relative";
  container.appendChild(canvas);
  return renderer;
}
