/**
 * Folders and files of a pack that cannot be read become diagnostics, never thrown errors. These
 * tests run as root in CI, where `chmod 000` does not stop reads, so the errors are injected: the
 * real `node:fs/promises` with `readdir` and `readFile` failing for chosen paths, as they would with
 * EACCES or ELOOP.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDiagnostics } from "../src/index.js";
import { findSharedCollections, listPackFolder, validatePackFolder } from "../src/node.js";

/** Paths (ending as given) whose `readdir` or `readFile` fails, with the error code it fails with. */
const failing = new Map<string, string>();

function failIfListed(path: unknown): void {
  for (const [end, code] of failing)
    if (String(path).endsWith(end)) {
      const error = new Error(`${code}: injected failure, scandir '${String(path)}'`) as Error & {
        code: string;
      };
      error.code = code;
      throw error;
    }
}

vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...fs,
    readdir: (async (path: Parameters<typeof fs.readdir>[0], options?: unknown) => {
      failIfListed(path);
      return fs.readdir(path, options as never);
    }) as typeof fs.readdir,
    readFile: (async (path: Parameters<typeof fs.readFile>[0], options?: unknown) => {
      failIfListed(path);
      return fs.readFile(path, options as never);
    }) as typeof fs.readFile,
  };
});

const FIXTURES = join(import.meta.dirname, "fixtures/valid");
const MINI = join(FIXTURES, "mini");

afterEach(() => failing.clear());

describe("unreadable parts of a pack folder", () => {
  it("an unreadable sub-folder is an error on that folder, and the rest is still checked", async () => {
    failing.set("mini/levels", "EACCES");
    const result = await validatePackFolder(MINI);
    expect(result.ok).toBe(false);
    const error = result.diagnostics.find((d) => d.file === "levels/");
    expect(error, formatDiagnostics(result.diagnostics)).toMatchObject({
      severity: "error",
      code: "folder-unreadable",
    });
    expect(error?.message).toContain("EACCES");
    expect(error?.message).not.toContain(MINI);
    // game.json was read and checked: its level references are what the folder would have held.
    expect(result.diagnostics.some((d) => d.file === "game.json")).toBe(true);
  });

  it("a sub-folder in a symlink loop (ELOOP) is reported the same way", async () => {
    failing.set("mini/assets", "ELOOP");
    const listing = await listPackFolder(MINI);
    expect(listing.unread).toEqual([
      expect.objectContaining({
        path: "assets/",
        code: "folder-unreadable",
        reason: expect.stringContaining("ELOOP"),
      }),
    ]);
    expect(listing.files).toContain("game.json");
  });

  it("an unreadable file is an error on that file", async () => {
    failing.set("mini/levels/l1.json", "EACCES");
    const result = await validatePackFolder(MINI);
    expect(result.diagnostics.find((d) => d.file === "levels/l1.json")).toMatchObject({
      severity: "error",
      code: "file-unreadable",
    });
    expect(result.diagnostics.some((d) => d.code === "unknown-level")).toBe(false);
  });

  it("an unreadable pack folder is one diagnostic, not a thrown error", async () => {
    failing.set("/mini", "EACCES");
    const result = await validatePackFolder(MINI);
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]?.message).toContain("cannot read the pack folder");
  });

  it("an unreadable shared collection is passed over", async () => {
    failing.set("valid/mini", "EACCES");
    const collections = await findSharedCollections([FIXTURES]);
    expect(Object.hasOwn(collections, "mini")).toBe(false);
  });
});
