/**
 * `@gridponder/import/node`: reading a source file from disk and writing an imported pack to a folder,
 * each file whole or not at all, never over files the import did not write.
 * @module
 */
import { constants } from "node:fs";
import { lstat, mkdir, open, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { MAX_SOURCE_CHARS } from "./source.js";

/** Reads a source file as UTF-8, refusing what is not a regular file or is larger than an import reads. */
export async function readSourceFile(path: string): Promise<string> {
  const info = await lstat(path);
  if (!info.isFile()) throw new Error(`${path} is not a regular file`);
  if (info.size > MAX_SOURCE_CHARS * 4)
    throw new Error(`${path} is ${info.size} bytes; an import reads at most ${MAX_SOURCE_CHARS} characters`);
  const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}

/** Whether a folder holds only files an import writes, with a manifest that says it was imported. */
async function isEarlierImport(
  dir: string,
  names: readonly string[],
  own: ReadonlySet<string>,
): Promise<boolean> {
  if (!names.every((n) => own.has(n)) || !names.includes("manifest.json")) return false;
  try {
    const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")) as { tags?: unknown };
    return Array.isArray(manifest.tags) && manifest.tags.includes("imported");
  } catch {
    return false;
  }
}

/**
 * Writes the pack's files into `dir`: a folder that does not exist yet, an empty one, or one an earlier
 * import wrote (only its files, its manifest tagged `imported`), which is then brought up to date. Any
 * other folder is refused: an import never overwrites or deletes work it did not write.
 */
export async function writePackFolder(dir: string, files: Record<string, string>): Promise<void> {
  const own = new Set(Object.keys(files));
  let names: string[] = [];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (names.length > 0 && !(await isEarlierImport(dir, names, own)))
    throw new Error(
      `${dir} already holds files an import did not write (${names.slice(0, 3).join(", ")}${names.length > 3 ? ", …" : ""}); choose an empty or new folder`,
    );
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    const target = join(dir, name);
    const temp = join(dir, `.${basename(name)}.${process.pid}.tmp`);
    try {
      await writeFile(temp, text, { flag: "wx" });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}
