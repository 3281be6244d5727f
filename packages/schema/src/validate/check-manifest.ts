import type { Manifest } from "../types/manifest.js";
import { compareVersions, ENGINE_VERSION, parseVersion, SUPPORTED_DSL_VERSIONS } from "../versions.js";
import type { ParsedFile, Reporter } from "./context.js";
import { quote } from "./suggest.js";

/** Version compatibility: the DSL version must be one we read, and the pack must not need a newer engine. */
export function checkManifest(
  file: ParsedFile<Manifest>,
  report: Reporter,
  engineVersion = ENGINE_VERSION,
): void {
  const m = file.value;
  const dsl = String(m.dslVersion);
  const dslParts = parseVersion(dsl);
  const supported = SUPPORTED_DSL_VERSIONS.some((v) => {
    const p = parseVersion(v);
    return p && dslParts && p[0] === dslParts[0] && p[1] === dslParts[1];
  });
  if (!supported) {
    report.error(
      file.path,
      "/dslVersion",
      "dsl-version",
      `DSL version ${quote(dsl)} is not supported; this platform reads ${SUPPORTED_DSL_VERSIONS.join(", ")}`,
    );
  }
  const needed = parseVersion(String(m.minEngineVersion));
  const have = parseVersion(engineVersion);
  if (!needed) {
    report.error(
      file.path,
      "/minEngineVersion",
      "engine-version",
      `minEngineVersion ${quote(m.minEngineVersion)} is not a version like "0.8.0"`,
    );
  } else if (have && compareVersions(needed, have) > 0) {
    report.error(
      file.path,
      "/minEngineVersion",
      "engine-version",
      `the pack needs engine ${m.minEngineVersion}, but this engine is ${engineVersion}`,
      "upgrade Gridponder, or lower minEngineVersion if the pack does not use newer features",
    );
  }
}
