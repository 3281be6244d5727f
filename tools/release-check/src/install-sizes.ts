import { readFileSync, realpathSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { dirname, join, sep } from "node:path";

/** The folder `name` resolves to from `dir`, as Node resolves a package (nearest node_modules up). */
function resolvePackage(dir: string, name: string): string | null {
  for (let at = dir; ; at = dirname(at)) {
    try {
      return realpathSync(join(at, "node_modules", name));
    } catch {
      if (dirname(at) === at) return null;
    }
  }
}

/**
 * The folders of a package and of everything it brings when installed: its dependencies, its peer
 * dependencies that are not optional, and the optional dependencies this machine installed (a native
 * binary's one build), transitively. A required package that is missing is an error.
 */
export function installClosure(project: string, name: string): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    if (found.has(dir)) return;
    found.add(dir);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };
    const optional = manifest.optionalDependencies ?? {};
    const required = [
      ...Object.keys(manifest.dependencies ?? {}).filter((n) => !(n in optional)),
      ...Object.keys(manifest.peerDependencies ?? {}).filter(
        (n) => !manifest.peerDependenciesMeta?.[n]?.optional,
      ),
    ];
    for (const dependency of required) {
      const at = resolvePackage(dir, dependency);
      if (at === null) throw new Error(`${dependency}, needed by ${dir}, is not installed`);
      visit(at);
    }
    for (const dependency of Object.keys(optional)) {
      const at = resolvePackage(dir, dependency);
      if (at !== null) visit(at);
    }
  };
  const root = resolvePackage(project, name);
  if (root === null) throw new Error(`${name} is not installed in ${project}`);
  visit(root);
  return [...found];
}

/**
 * The bytes of every file under `dir` (not disk blocks: the same on every machine); with `ownOnly`,
 * a package's own files: its folder without the packages nested in its node_modules.
 */
export async function folderBytes(dir: string, ownOnly = false): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if (ownOnly && path.slice(dir.length).includes(`${sep}node_modules${sep}`)) continue;
    total += (await stat(path)).size;
  }
  return total;
}

/** The install size of some packages in one project: the bytes and count of their joint closure. */
export async function closureSize(
  project: string,
  names: readonly string[],
): Promise<{ bytes: number; packages: number }> {
  const folders = new Set(names.flatMap((name) => installClosure(project, name)));
  let bytes = 0;
  for (const folder of folders) bytes += await folderBytes(folder, true);
  return { bytes, packages: folders.size };
}
