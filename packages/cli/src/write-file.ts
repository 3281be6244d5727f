import { link, rename, rm, writeFile } from "node:fs/promises";

/** A temporary name beside `path`, unique to this process and call. */
let serial = 0;
const tempBeside = (path: string) => `${path}.${process.pid}.${++serial}.tmp`;

/** Writes a file whole or not at all: to a temporary name first, then renamed into place. */
export async function writeWhole(path: string, text: string): Promise<void> {
  const temp = tempBeside(path);
  try {
    await writeFile(temp, text);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Writes a new file whole or not at all, never over an existing one: the text goes to a temporary name,
 * which is then linked to `path` (refused with `EEXIST` when something is there) and removed.
 */
export async function writeNew(path: string, text: string): Promise<void> {
  const temp = tempBeside(path);
  try {
    await writeFile(temp, text, { flag: "wx" });
    await link(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
}
