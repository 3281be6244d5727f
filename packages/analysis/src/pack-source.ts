import { type LoadOptions, loadPack, type Pack } from "@gridponder/engine";
import type { Diagnostic, PackFiles } from "@gridponder/schema";

/**
 * A pack as its files and as the engine plays it. Analyses that change a pack (a system switched off,
 * a rule left out, a level added) change the files and load them again, so the variant is validated
 * exactly as an author's edit would be.
 */
export interface PackSource {
  readonly files: PackFiles;
  readonly pack: Pack;
  /** The registry and validator options the pack was loaded with; variants load with the same. */
  readonly options: LoadOptions;
}

/** Why a pack (or a variant of one) could not be loaded. */
export class PackLoadError extends Error {
  constructor(
    message: string,
    readonly diagnostics: readonly Diagnostic[],
  ) {
    super(message);
    this.name = "PackLoadError";
  }
}

/** Loads a pack's files, or throws a {@link PackLoadError} with the validator's first errors. */
export function packSource(files: PackFiles, options: LoadOptions = {}): PackSource {
  const result = loadPack(files, options);
  if (!result.ok) {
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    const first = errors
      .slice(0, 3)
      .map((d) => `${d.file} ${d.pointer}: ${d.message}`)
      .join("; ");
    throw new PackLoadError(`the pack does not load: ${first}`, errors);
  }
  return { files, pack: result.pack, options };
}

/** The path of the file that defines a level, found by its `id` in the pack's level folder. */
export function levelFile(source: PackSource, levelId: string): string {
  const folder = `${source.pack.manifest.levelDirectory ?? "levels"}/`;
  const idOf = (text: unknown): unknown => {
    try {
      return typeof text === "string" ? (JSON.parse(text) as { id?: unknown }).id : undefined;
    } catch {
      // A file that is not JSON defines no level; the validator has said so already.
      return undefined;
    }
  };
  const usual = `${folder}${levelId}.json`;
  if (idOf(source.files[usual]) === levelId) return usual;
  for (const [path, text] of Object.entries(source.files))
    if (path.startsWith(folder) && path.endsWith(".json") && idOf(text) === levelId) return path;
  throw new Error(`no level file defines the level ${JSON.stringify(levelId)}`);
}

/** The level's JSON, parsed afresh (callers change it). */
export function levelJson(source: PackSource, levelId: string): Record<string, unknown> {
  return JSON.parse(source.files[levelFile(source, levelId)] as string) as Record<string, unknown>;
}

/** The pack with some files replaced, loaded. */
export function withFiles(source: PackSource, changed: Readonly<Record<string, string>>): PackSource {
  return packSource({ ...source.files, ...changed }, source.options);
}
