/**
 * Where a build may write. A build replaces its output folder, so an output folder that is, holds or
 * lies inside one of its inputs (a packs folder, a pack, a shared collection folder), the catalog's own
 * sources, the working folder, a home or root folder is refused — with symbolic links resolved, so that
 * a link to the packs folder cannot stand in for it.
 * @module
 */
import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join, parse, relative, resolve, sep } from "node:path";
import { CATALOG_ROOT } from "./catalog-root.ts";
import { CatalogError } from "./errors.ts";

/** Whether `target` lies strictly inside `root`. */
export function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}

/**
 * The real path of `path`, following symbolic links; for a path that does not exist yet, the real path
 * of its nearest existing ancestor with the rest appended.
 */
export function realPath(path: string): string {
  const absolute = resolve(path);
  const rest: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return join(realpathSync.native(current), ...rest.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return absolute;
      rest.push(basename(current));
      current = parent;
    }
  }
}

/** A folder the build reads: the output folder may be neither it, inside it, nor around it. */
export interface BuildInput {
  readonly path: string;
  /** What it is, for the refusal: "the packs folder", "the pack", "the catalog site's sources". */
  readonly what: string;
  /** Whether the output may lie inside it (the catalog's own `dist/site` does). */
  readonly mayHoldOutput?: boolean;
}

/**
 * Refuses an output folder that would overlap a folder the build reads or the user works in. Every path
 * is compared with symbolic links resolved.
 */
export function checkOutDir(outDir: string, inputs: readonly BuildInput[]): void {
  const out = resolve(outDir);
  const real = realPath(out);
  const refuse = (why: string): never => {
    throw new CatalogError(`refusing to build into ${out}: ${why}`);
  };
  const shownReal = real === out ? "" : ` (${out} resolves to ${real})`;
  if (real === parse(real).root || real === realPath(homedir()))
    refuse(`it is a root or home folder${shownReal}`);
  const guarded: BuildInput[] = [
    ...inputs,
    { path: CATALOG_ROOT, what: "the catalog site's sources", mayHoldOutput: true },
  ];
  for (const input of guarded) {
    const other = realPath(input.path);
    if (other === real) refuse(`it is ${input.what} ${input.path}${shownReal}`);
    if (!input.mayHoldOutput && isInside(other, real))
      refuse(`it lies inside ${input.what} ${input.path}${shownReal}`);
    if (isInside(real, other)) refuse(`it holds ${input.what} ${input.path}${shownReal}`);
  }
  const cwd = realPath(process.cwd());
  if (real === cwd || isInside(real, cwd)) refuse(`it holds the current folder${shownReal}`);
}
