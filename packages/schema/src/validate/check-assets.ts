import type { PackFiles, Reporter } from "./context.js";
import type { UnreadFile } from "./unread-files.js";

/** Why an asset path is unsafe or malformed, or `undefined` when it is a plain pack-relative path. */
export function unsafeAssetPath(path: string): string | undefined {
  if (path.length === 0) return "the path is empty";
  if (path.length > 1024) return "the path is longer than 1024 characters";
  if (path.includes("\0")) return "the path contains a NUL character";
  if (path.includes("\\")) return "use forward slashes: backslashes are not portable";
  if (path.startsWith("/") || /^[a-zA-Z]:/.test(path))
    return "the path is absolute; asset paths are relative to the pack folder";
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(path))
    return "URLs are not allowed; assets must be files inside the pack";
  if (path.split("/").some((segment) => segment === ".."))
    return "the path climbs out of its folder with '..'; assets must stay inside the pack";
  return undefined;
}

/** Normalises `./a//b` to `a/b`. Only call on paths that {@link unsafeAssetPath} accepted. */
export function normaliseAssetPath(path: string): string {
  return path
    .split("/")
    .filter((s) => s !== "" && s !== ".")
    .join("/");
}

/**
 * Resolves asset paths the way the platform loads them: the pack's own file first, then each shared
 * collection in order, by the same relative path, by the path without its leading `assets/`, and
 * finally by file name (collections are flat libraries of sprites).
 */
export class AssetResolver {
  private readonly collections: { id: string; exact: Set<string>; byName: Map<string, string> }[];

  private readonly unread: ReadonlyMap<string, UnreadFile>;

  constructor(
    private readonly files: PackFiles,
    collections: { id: string; files: readonly string[] }[],
    unread: readonly UnreadFile[] = [],
  ) {
    this.unread = new Map(unread.map((u) => [u.path, u]));
    this.collections = collections.map(({ id, files: list }) => {
      const byName = new Map<string, string>();
      for (const f of list) {
        const name = f.slice(f.lastIndexOf("/") + 1);
        if (!byName.has(name)) byName.set(name, f);
      }
      return { id, exact: new Set(list), byName };
    });
  }

  /** Why the pack's own file at `path` was found but not read, if it was. */
  whyUnread(path: string): UnreadFile | undefined {
    return this.unread.get(normaliseAssetPath(path));
  }

  /** Where the asset comes from: `{ pack: path }`, `{ collection, path }`, or `undefined` when not found. */
  resolve(path: string): { collection?: string; path: string } | undefined {
    const p = normaliseAssetPath(path);
    if (Object.hasOwn(this.files, p)) return { path: p };
    const withoutAssets = p.startsWith("assets/") ? p.slice("assets/".length) : p;
    const name = p.slice(p.lastIndexOf("/") + 1);
    for (const c of this.collections) {
      if (c.exact.has(p)) return { collection: c.id, path: p };
      if (c.exact.has(withoutAssets)) return { collection: c.id, path: withoutAssets };
      const byName = c.byName.get(name);
      if (byName) return { collection: c.id, path: byName };
    }
    return undefined;
  }
}

/** Checks an asset reference: safe always; present in the pack or a collection, else a warning. */
export function checkAssetRef(
  report: Reporter,
  resolver: AssetResolver,
  file: string,
  pointer: string,
  path: string,
): void {
  const unsafe = unsafeAssetPath(path);
  if (unsafe) {
    report.error(
      file,
      pointer,
      "asset-path",
      `invalid asset path ${JSON.stringify(path.slice(0, 80))}: ${unsafe}`,
    );
    return;
  }
  // `{param}` placeholders are filled per entity at render time; the template itself is no file.
  if (/\{[^}]*\}/.test(path)) return;
  if (resolver.resolve(path)) return;
  const unread = resolver.whyUnread(path);
  if (unread) {
    report.warn(file, pointer, unread.code, `asset ${JSON.stringify(path)} is not read: ${unread.reason}`);
    return;
  }
  report.warn(
    file,
    pointer,
    "asset-missing",
    `asset ${JSON.stringify(path)} is not in the pack or its shared collections`,
    "renderers fall back to the kind's display hint or a placeholder",
  );
}
