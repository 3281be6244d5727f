/** DSL versions this release of the platform reads. A pack's `manifest.dslVersion` must be one of them. */
export const SUPPORTED_DSL_VERSIONS = ["0.5", "0.6", "0.7", "0.8"] as const;

/**
 * The engine version packs are checked against: `manifest.minEngineVersion` must not exceed it.
 * It tracks the newest DSL version the Gridponder engine implements.
 */
export const ENGINE_VERSION = "0.8.0";

/** Parses `major.minor.patch` (minor and patch optional, pre-release suffix ignored), or `undefined`. */
export function parseVersion(text: string): [number, number, number] | undefined {
  const m = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+].*)?$/.exec(text.trim());
  if (!m) return undefined;
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

/** Compares two versions: negative when `a < b`, 0 when equal, positive when `a > b`. */
export function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
