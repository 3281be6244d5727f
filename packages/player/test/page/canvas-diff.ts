/**
 * Test page of the 2D board's partial redraws: one renderer is handed a sequence of scenes, and after
 * each its pixels are compared with those of a fresh renderer that drew the same scene in full.
 */
import type { Scene } from "@gridponder/view";
import { CanvasRenderer } from "../../src/canvas-renderer.js";
import { partialRedraws } from "../../src/scene-diff.js";

export interface CanvasDiffReport {
  /** Per scene: pixels that differ from a full drawing. */
  readonly mismatches: number[];
  /** Per scene: the first pixel that differs (device pixels), or null. */
  readonly first: ([x: number, y: number] | null)[];
  /** Per scene: the canvas calls the updated renderer made for it. */
  readonly calls: number[];
}

const COUNTED = ["fillRect", "strokeRect", "fillText", "drawImage", "arc", "stroke", "fill"] as const;

function boardIn(host: HTMLElement, pixelRatio: number, partial: boolean): CanvasRenderer {
  const container = document.createElement("div");
  container.style.width = "333px";
  container.style.height = "271px";
  host.append(container);
  return new CanvasRenderer({
    container,
    assetUrl: () => "",
    reducedMotion: true,
    pixelRatio,
    ...(partial ? { partialRedraws } : {}),
  });
}

function pixels(board: CanvasRenderer): Uint8ClampedArray {
  const g = board.canvas.getContext("2d") as CanvasRenderingContext2D;
  return g.getImageData(0, 0, board.canvas.width, board.canvas.height).data;
}

function run(scenes: readonly Scene[], pixelRatio: number): CanvasDiffReport {
  const host = document.getElementById("host") as HTMLElement;
  const updated = boardIn(host, pixelRatio, true);
  const g = updated.canvas.getContext("2d") as CanvasRenderingContext2D;
  let calls = 0;
  for (const name of COUNTED) {
    const original = g[name] as (...args: unknown[]) => unknown;
    Object.defineProperty(g, name, {
      configurable: true,
      value: (...args: unknown[]) => {
        calls++;
        return original.apply(g, args);
      },
    });
  }
  const report: CanvasDiffReport = { mismatches: [], first: [], calls: [] };
  for (const scene of scenes) {
    calls = 0;
    updated.setScene(scene);
    report.calls.push(calls);
    const full = boardIn(host, pixelRatio, false);
    full.setScene(scene);
    const a = pixels(updated);
    const b = pixels(full);
    let differ = Math.abs(a.length - b.length) / 4;
    let first: [number, number] | null = null;
    for (let i = 0; i < Math.min(a.length, b.length); i += 4)
      if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) {
        differ++;
        first ??= [(i / 4) % updated.canvas.width, Math.floor(i / 4 / updated.canvas.width)];
      }
    report.mismatches.push(differ);
    report.first.push(first);
    full.dispose();
  }
  updated.dispose();
  host.replaceChildren();
  return report;
}

declare global {
  interface Window {
    canvasDiff: typeof run;
  }
}
window.canvasDiff = run;
