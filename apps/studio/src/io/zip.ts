/**
 * A pack as a `.zip` with the layout of a pack folder, and back. Reading lists the archive's central
 * directory first and checks it against the shared policy (`pack-paths.ts`) before inflating anything.
 * @module
 */
import type { PackFiles } from "@gridponder/schema";
import { strToU8, type Unzipped, unzipSync, type ZipOptions, zipSync } from "fflate";
import * as policy from "./pack-paths.js";

/** The result of {@link zipToPack}. */
export type ZipReadResult = policy.PackReadResult;

// A fixed time keeps the bytes of an export the same for the same pack (zip times start in 1980).
const FIXED_MTIME = new Date(Date.UTC(2000, 0, 1));

/**
 * The pack as a zip whose root is the pack folder; the same files always give the same bytes. Throws
 * for a path no reader should accept (absolute, climbing with `..`…): the studio never writes a zip
 * it would refuse to open.
 */
export function packToZip(files: PackFiles): Uint8Array {
  const options: ZipOptions = { level: 9, mtime: FIXED_MTIME };
  const entries: Record<string, [Uint8Array, ZipOptions]> = Object.create(null);
  for (const path of Object.keys(files).sort()) {
    const unsafe = policy.unsafeEntryPath(path);
    if (unsafe) throw new Error(`cannot export ${policy.quotePath(path)}: ${unsafe}`);
    const content = files[path] as string | Uint8Array;
    entries[path] = [typeof content === "string" ? strToU8(content) : content, options];
  }
  return zipSync(entries, options);
}

/** Thrown from fflate's filter to stop reading a listing that is already too long. */
class ListingTooLong extends Error {}

function listEntries(bytes: Uint8Array, maxEntries: number): policy.ListedEntry[] {
  const entries: policy.ListedEntry[] = [];
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
export function zipToPack(bytes: Uint8Array, limits?: Partial<policy.PackReadLimits>): ZipReadResult {
  const bounds = policy.readLimits(limits);
  let entries: policy.ListedEntry[];
  try {
    entries = listEntries(bytes, bounds.maxEntries);
  } catch (error) {
    if (error instanceof ListingTooLong)
      return { ok: false, error: `the zip has more than ${bounds.maxEntries} entries; a pack has far fewer` };
    return { ok: false, error: `this is not a zip file, or it is damaged (${policy.errorText(error)})` };
  }
  const planned = policy.planPackRead(entries, bounds);
  if (!planned.ok) return { ok: false, error: `the zip ${planned.error}` };
  const wanted = new Set(planned.plan.read.map((r) => r.name));
  let contents: Unzipped;
  try {
    // fflate inflates each entry into a buffer of its listed size, so a header that understates a
    // size cannot make it allocate more than the limits checked above.
    contents = unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
  } catch (error) {
    return { ok: false, error: `the zip is damaged (${policy.errorText(error)})` };
  }
  return policy.collectPlanned("zip", planned.plan, bounds, (name) =>
    Object.hasOwn(contents, name) ? contents[name] : undefined,
  );
}
