/** Device pixels per CSS px: the caller's fixed ratio, else the display's. */
export function pixelRatioOf(fixed: number | undefined): number {
  return fixed ?? (typeof devicePixelRatio === "number" ? devicePixelRatio : 1);
}

/**
 * Calls `onChange` when the drawing must be refitted: the container resized, or the window moved to a
 * display with another pixel ratio (only watched without a fixed ratio). Returns what stops watching.
 */
export function watchViewport(
  container: HTMLElement,
  fixedPixelRatio: number | undefined,
  onChange: () => void,
): () => void {
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => onChange());
  observer?.observe(container);
  let mediaQuery: MediaQueryList | null = null;
  // A resolution query matches only the current ratio, so each change re-arms it for the new one.
  const watchPixelRatio = (): void => {
    mediaQuery?.removeEventListener("change", onPixelRatioChange);
    mediaQuery =
      typeof matchMedia === "function" && fixedPixelRatio === undefined
        ? matchMedia(`(resolution: ${devicePixelRatio}dppx)`)
        : null;
    mediaQuery?.addEventListener("change", onPixelRatioChange);
  };
  const onPixelRatioChange = (): void => {
    watchPixelRatio();
    onChange();
  };
  watchPixelRatio();
  return () => {
    observer?.disconnect();
    mediaQuery?.removeEventListener("change", onPixelRatioChange);
  };
}
