import { join } from "node:path";
import type { Pack } from "@gridponder/engine";
import { type CompiledPack, compilePackForWeb, type PublishedFile } from "@gridponder/player/node";
import type { Diagnostic } from "@gridponder/schema";
import { contentHash, hashFile, hashText } from "./hash.ts";
import { reachableCatalog } from "./shared-assets.ts";

/** A pack compiled for the web, with the files it publishes and a hash of all of it. */
export interface CompiledEntry {
  readonly dir: string;
  readonly pack: Pack;
  readonly compiled: CompiledPack;
  /** `compiled` serialised: what is hashed is what gets published. */
  readonly json: string;
  /** `to` is relative to the pack's asset base (`_shared/<collection>/…` for collection files). */
  readonly files: readonly PublishedFile[];
  /** Changes whenever the compiled pack or any published file changes. */
  readonly hash: string;
  /** Warnings, with pack-relative file names. */
  readonly warnings: readonly Diagnostic[];
}

export type CompileOutcome =
  | { readonly ok: true; readonly entry: CompiledEntry }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** Prefixes pack-relative file names with the pack folder, so findings read like compiler output. */
export function locate(dir: string, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => ({ ...d, file: join(dir, d.file) }));
}

/**
 * Validates and compiles one pack folder (the schema's checks, including `minEngineVersion` and asset
 * paths that would leave the pack; then every gold path replayed), keeps only the shared files it can
 * draw, and hashes the result. A named collection that is missing is a warning: its sprites fall back to
 * the kinds' display hints.
 */
export async function compileEntry(dir: string, searchPaths: readonly string[]): Promise<CompileOutcome> {
  const result = await compilePackForWeb(dir, { searchPaths, allowMissingCollections: true });
  if (!result.ok) return { ok: false, diagnostics: locate(dir, result.diagnostics) };
  const { pack } = result;
  const assets = reachableCatalog(pack, result.compiled.assets);
  const compiled: CompiledPack = { ...result.compiled, assets };
  const reachable = new Set([
    ...assets.packFiles,
    ...assets.collections.flatMap((c) => c.files.map((f) => `_shared/${c.id}/${f}`)),
  ]);
  const files = result.files
    .filter((f) => reachable.has(f.to))
    .sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
  const json = JSON.stringify(compiled);
  const parts = [json];
  // A sanitized SVG is published from `data`, so that is what its URL's hash must cover.
  for (const file of files)
    parts.push(file.to, file.data === undefined ? await hashFile(file.from) : hashText(file.data));
  return {
    ok: true,
    entry: {
      dir,
      pack,
      compiled,
      json,
      files,
      hash: contentHash(parts),
      warnings: result.diagnostics.filter((d) => d.severity !== "error"),
    },
  };
}
