/**
 * A pack from a folder the browser hands over: the files of `<input type=file webkitdirectory>` or a
 * File System Access directory handle. Same policy as a zip (`pack-paths.ts`): every path and size is
 * checked from the listing before any file is read.
 * @module
 */
import {
  collectPlanned,
  errorText,
  type ListedEntry,
  type PackReadLimits,
  type PackReadResult,
  planPackRead,
  quotePath,
  readLimits,
} from "./pack-paths.js";

/** The part of a File System Access directory handle read here (a real handle qualifies). */
export interface DirectoryHandleLike {
  readonly kind: "directory";
  readonly name: string;
  values(): AsyncIterable<DirectoryHandleLike | FileHandleLike>;
}

/** The part of a File System Access file handle read here. */
export interface FileHandleLike {
  readonly kind: "file";
  readonly name: string;
  getFile(): Promise<File>;
}

/** Reads the listed files of a plan, checking real sizes again; never throws. */
async function readListed(
  listed: ReadonlyMap<string, File>,
  entries: readonly ListedEntry[],
  limits: PackReadLimits,
): Promise<PackReadResult> {
  const planned = planPackRead(entries, limits);
  if (!planned.ok) return { ok: false, error: `the folder ${planned.error}` };
  const contents = new Map<string, Uint8Array>();
  for (const { name } of planned.plan.read) {
    try {
      const file = listed.get(name);
      if (!file) throw new Error("it disappeared");
      contents.set(name, new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      return { ok: false, error: `${quotePath(name)} could not be read (${errorText(error)})` };
    }
  }
  return collectPlanned("folder", planned.plan, limits, (name) => contents.get(name));
}

/** Reads the files of a picked folder (each names its place by `webkitRelativePath`). */
export async function packFilesFromFileList(
  files: Iterable<File>,
  limits?: Partial<PackReadLimits>,
): Promise<PackReadResult> {
  const bounds = readLimits(limits);
  const listed = new Map<string, File>();
  const entries: ListedEntry[] = [];
  for (const file of files) {
    const name = file.webkitRelativePath || file.name;
    entries.push({ name, size: file.size, directory: false });
    if (entries.length > bounds.maxEntries) break;
    if (!listed.has(name)) listed.set(name, file);
  }
  return readListed(listed, entries, bounds);
}

/** Stops a walk that has already listed too many entries. */
class TooManyEntries extends Error {}

/** Reads a folder through a File System Access handle, its sub-folders included. */
export async function packFilesFromDirectoryHandle(
  handle: DirectoryHandleLike,
  limits?: Partial<PackReadLimits>,
): Promise<PackReadResult> {
  const bounds = readLimits(limits);
  const listed = new Map<string, File>();
  const entries: ListedEntry[] = [];
  const walk = async (dir: DirectoryHandleLike, prefix: string): Promise<void> => {
    for await (const child of dir.values()) {
      const name = prefix + child.name;
      if (entries.length >= bounds.maxEntries) {
        entries.push({ name, size: 0, directory: false });
        throw new TooManyEntries();
      }
      if (child.kind === "directory") {
        entries.push({ name: `${name}/`, size: 0, directory: true });
        // A name that is not one path segment is refused by the plan; do not walk into it.
        if (!child.name.includes("/") && child.name !== ".." && child.name !== ".")
          await walk(child, `${name}/`);
      } else {
        const file = await child.getFile();
        entries.push({ name, size: file.size, directory: false });
        if (!listed.has(name)) listed.set(name, file);
      }
    }
  };
  try {
    await walk(handle, "");
  } catch (error) {
    if (!(error instanceof TooManyEntries))
      return { ok: false, error: `the folder could not be listed (${errorText(error)})` };
  }
  return readListed(listed, entries, bounds);
}
