/**
 * A pack as a `.zip` with the layout of a pack folder, and back. Reading lists the archive's central
 * directory first and checks it against the shared policy (`pack-paths.ts`) before inflating anything.
 * @module
 */
import type { PackFiles } from "@gridponder/schema";
import { strToU8, type Unzipped, unzipSync, type ZipOptions, zipSync } from "fflate";
import {
  errorText,
  type ListedEntry,
  PackFilesCollector,
  type PackReadLimits,
  type PackReadResult,
  planPackRead,
  readLimits,
} from "./pack-paths.js";

/** The result of {@link zipToPack}. */
export type ZipReadResult = PackReadResult;

// A fixed time keeps the bytes of an export the same for the same pack (zip times start in 1980).
const FIXED_MTIME = new Date(Date.UTC(2000, 0, 1));

/** The pack as a zip whose root is the pack folder; the same files always give the same bytes. */
export function packToZip(files: PackFiles): Uint8Array {
  const options: ZipOptions = { level: 9, mtime: FIXED_MTIME };
  const entries: Record<string, [Uint8Array, ZipOptions]> = Object.create(null);
  for (const path of Object.keys(files).sort()) {
    const content = files[path] as string | Uint8Array;
    entries[path] = [typeof content === "string" ? strToU8(content) : content, options];
  }
  return zipSync(entries, options);
}

/** Thrown from fflate's filter to stop reading a listing that is already too long. */
class ListingTooLong extends Error {}

function listEntries(bytes: Uint8Array, maxEntries: number): ListedEntry[] {
  const entries: ListedEntry[] = [];
  unzipSync(bytes, {
    filter: (file) => {
      if (entries.length >= maxEntries) {
        entries.push({ name: file.name, size: file.originalSize, directory: false });
        throw new ListingTooLong();
      }
      const directory = file.name.endsWith("/");
      entries.push({ name: file.name, size: file.originalSize, directory });
      return false; // only listing: nothing is inflated
    },
  });
  return entries;
}

/**
 * Reads a pack from a zip of its folder (manifest.json at the top) or of a folder holding it. Never
 * throws: a damaged or hostile archive is refused with what was wrong and what was expected.
 */
export function zipToPack(bytes: Uint8Array, limits?: Partial<PackReadLimits>): ZipReadResult {
  const bounds = readLimits(limits);
  let entries: ListedEntry[];
  try {
    entries = listEntries(bytes, bounds.maxEntries);
  } catch (error) {
    if (error instanceof ListingTooLong)
      return { ok: false, error: `the zip has more than ${bounds.maxEntries} entries; a pack has far fewer` };
    return { ok: false, error: `this is not a zip file, or it is damaged (${errorText(error)})` };
  }
  const planned = planPackRead(entries, bounds);
  if (!planned.ok) return { ok: false, error: `the zip ${planned.error}` };
  const wanted = new Set(planned.plan.read.map((r) => r.name));
  let contents: Unzipped;
  try {
    // fflate inflates each entry into a buffer of its listed size, so a header that understates a
    // size cannot make it allocate more than the limits checked above.
    contents = unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
  } catch (error) {
    return { ok: false, error: `the zip is damaged (${errorText(error)})` };
  }
  const collector = new PackFilesCollector(bounds);
  for (const { name, path } of planned.plan.read) {
    const data = Object.hasOwn(contents, name) ? contents[name] : undefined;
    if (!data) return { ok: false, error: `the zip is damaged: ${JSON.stringify(name)} could not be read` };
    const refused = collector.add(path, data);
    if (refused) return { ok: false, error: `the zip is refused: ${refused}` };
  }
  return { ok: true, files: collector.files, notes: planned.plan.notes };
}
