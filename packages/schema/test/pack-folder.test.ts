/**
 * Reading a pack folder from disk: what is found but not read (symbolic links, files over the size
 * limits, entries that are not files) is reported on the file it concerns, with the reason, and never
 * as "missing". As root, `chmod` does not stop reads, so unreadable folders and files are provoked by
 * injecting errors into `node:fs/promises` (see `pack-folder-errors.test.ts`).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type Diagnostic,
  formatDiagnostics,
  MAX_ASSET_FILE_BYTES,
  MAX_JSON_FILE_BYTES,
} from "../src/index.js";
import { listPackFolder, validatePackFolder } from "../src/node.js";

const MINI = join(import.meta.dirname, "fixtures/valid/mini");

let dir: string;
let pack: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "gp-pack-folder-"));
  pack = join(dir, "mini");
  cpSync(MINI, pack, { recursive: true });
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function diagnosticsOf(): Promise<Diagnostic[]> {
  return (await validatePackFolder(pack)).diagnostics;
}

/** Moves a file of the pack out of it and leaves a symbolic link to it in its place. */
function replaceWithSymlink(path: string): void {
  const outside = join(dir, path.replaceAll("/", "-"));
  cpSync(join(pack, path), outside);
  rmSync(join(pack, path));
  symlinkSync(outside, join(pack, path));
}

function find(diagnostics: Diagnostic[], file: string): Diagnostic {
  const found = diagnostics.find((d) => d.file === file);
  expect(found, formatDiagnostics(diagnostics)).toBeDefined();
  return found as Diagnostic;
}

describe("symbolic links in a pack", () => {
  it("a symlinked level file is reported as a symlink, not as a missing level", async () => {
    replaceWithSymlink("levels/l2.json");
    const diagnostics = await diagnosticsOf();
    const error = find(diagnostics, "levels/l2.json");
    expect(error).toMatchObject({ severity: "error", code: "symlink" });
    expect(error.message).toContain("symbolic links are not followed");
    expect(diagnostics.some((d) => d.code === "unknown-level" || d.message.includes("no level file"))).toBe(
      false,
    );
  });

  it("a symlinked asset is named as a symlink where it is referenced", async () => {
    replaceWithSymlink("assets/cover.png");
    const diagnostics = await diagnosticsOf();
    const referenced = diagnostics.filter((d) => d.file === "manifest.json" && d.code === "symlink");
    expect(referenced.length, formatDiagnostics(diagnostics)).toBeGreaterThan(0);
    expect(referenced[0]?.message).toContain('asset "assets/cover.png" is not read');
    expect(referenced[0]?.message).toContain("symbolic links are not followed");
    expect(diagnostics.some((d) => d.code === "asset-missing")).toBe(false);
  });

  it("a dangling symlink and a symlink loop are reported, never followed", async () => {
    symlinkSync(join(dir, "nowhere"), join(pack, "assets/dangling.png"));
    symlinkSync("loop", join(pack, "assets/loop"));
    const listing = await listPackFolder(pack);
    expect(listing.unread.map((u) => [u.path, u.code])).toEqual([
      ["assets/dangling.png", "symlink"],
      ["assets/loop", "symlink"],
    ]);
    const diagnostics = await diagnosticsOf();
    expect(find(diagnostics, "assets/loop")).toMatchObject({ severity: "warning", code: "symlink" });
  });

  it("a symlinked sub-folder is reported and not entered", async () => {
    mkdirSync(join(dir, "elsewhere"));
    writeFileSync(join(dir, "elsewhere/secret.txt"), "outside the pack");
    symlinkSync(join(dir, "elsewhere"), join(pack, "assets/linked"));
    const listing = await listPackFolder(pack);
    expect(listing.files.some((f) => f.startsWith("assets/linked"))).toBe(false);
    expect(listing.unread).toEqual([expect.objectContaining({ path: "assets/linked", code: "symlink" })]);
  });

  it("a named pipe is reported as not a regular file", async () => {
    execFileSync("mkfifo", [join(pack, "assets/pipe")]);
    const diagnostics = await diagnosticsOf();
    expect(find(diagnostics, "assets/pipe").message).toContain("not a regular file");
  });
});

describe("files over the size limits", () => {
  it("a level file over the JSON limit is refused with its size, not reported as missing", async () => {
    // A sparse file: its size is what `stat` says, without writing megabytes.
    truncateSync(join(pack, "levels/l2.json"), MAX_JSON_FILE_BYTES + 1);
    const diagnostics = await diagnosticsOf();
    const error = find(diagnostics, "levels/l2.json");
    expect(error).toMatchObject({ severity: "error", code: "file-too-large" });
    expect(error.message).toMatch(/it is 4\.0 MiB, and a pack's JSON files may be at most 4\.0 MiB/);
    expect(diagnostics.some((d) => d.code === "unknown-level")).toBe(false);
  });

  it("a 60 MB level file is refused without being read", async () => {
    truncateSync(join(pack, "levels/l2.json"), 60 * 1000 * 1000);
    const diagnostics = await diagnosticsOf();
    expect(find(diagnostics, "levels/l2.json").message).toContain("57.2 MiB");
    // Its bytes are zeros: read and parsed, it would have been a syntax error.
    expect(diagnostics.some((d) => d.code === "json-syntax")).toBe(false);
  });

  it("an asset over the asset limit is named where it is referenced", async () => {
    truncateSync(join(pack, "assets/cover.png"), MAX_ASSET_FILE_BYTES + 1);
    const diagnostics = await diagnosticsOf();
    expect(find(diagnostics, "assets/cover.png")).toMatchObject({
      severity: "warning",
      code: "file-too-large",
    });
    const referenced = diagnostics.find((d) => d.file === "manifest.json" && d.code === "file-too-large");
    expect(referenced?.message).toContain("at most 16.0 MiB");
  });
});
