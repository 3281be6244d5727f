import { readFileSync } from "node:fs";
import { join } from "node:path";
import { listPackFiles } from "@gridponder/schema/node";
import { describe, expect, it } from "vitest";
import {
  type DirectoryHandleLike,
  type FileHandleLike,
  packFilesFromDirectoryHandle,
  packFilesFromFileList,
} from "../src/io/folder-files.js";
import { packDir, readPack } from "./io-fixtures.js";

/** A File as `<input webkitdirectory>` gives it: its path below the picked folder's parent. */
function picked(relativePath: string, content: string | Uint8Array): File {
  const name = relativePath.split("/").at(-1) ?? relativePath;
  const file = new File([content as BlobPart], name);
  Object.defineProperty(file, "webkitRelativePath", { value: relativePath });
  return file;
}

/** A directory handle over an in-memory tree: a string or bytes is a file, an object a folder. */
type Tree = { [name: string]: string | Uint8Array | Tree };
function handleOf(name: string, tree: Tree): DirectoryHandleLike {
  return {
    kind: "directory",
    name,
    async *values() {
      for (const [child, value] of Object.entries(tree)) {
        if (typeof value === "string" || value instanceof Uint8Array) {
          const file: FileHandleLike = {
            kind: "file",
            name: child,
            getFile: async () => new File([value as BlobPart], child),
          };
          yield file;
        } else yield handleOf(child, value);
      }
    },
  };
}

describe("packFilesFromFileList", () => {
  it("reads a real pack folder as picked, stripping the picked folder's name", async () => {
    const dir = packDir("lantern-cellar");
    const paths = await listPackFiles(dir);
    const files = paths.map((p) => picked(`lantern-cellar/${p}`, readFileSync(join(dir, p))));
    const result = await packFilesFromFileList(files);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.files).toEqual(await readPack("lantern-cellar"));
    expect(result.notes).toEqual([]);
  });

  it("skips files no pack has and refuses hostile or oversized entries", async () => {
    const ok = await packFilesFromFileList([
      picked("p/manifest.json", "{}"),
      picked("p/readme.txt", "hi"),
      picked("p/.DS_Store", "junk"),
    ]);
    expect(ok.ok && Object.keys(ok.files)).toEqual(["manifest.json"]);
    expect(ok.ok && ok.notes.join(" ")).toMatch(/readme\.txt.*\.DS_Store|\.DS_Store.*readme\.txt/);

    const climbing = await packFilesFromFileList([
      picked("p/manifest.json", "{}"),
      picked("p/../x.json", "{}"),
    ]);
    expect(climbing.ok || climbing.error).toMatch(/"p\/\.\.\/x\.json".*'\.\.'/);

    const big = await packFilesFromFileList(
      [picked("p/manifest.json", "{}"), picked("p/assets/a.png", "12345")],
      {
        maxFileBytes: 4,
      },
    );
    expect(big.ok || big.error).toMatch(/"p\/assets\/a\.png" is 5 bytes/);

    const none = await packFilesFromFileList([picked("p/game.json", "{}")]);
    expect(none.ok || none.error).toMatch(/no manifest\.json/);

    const many = Array.from({ length: 30 }, (_, i) => picked(`p/assets/${i}.png`, ""));
    const tooMany = await packFilesFromFileList([picked("p/manifest.json", "{}"), ...many], {
      maxEntries: 10,
    });
    expect(tooMany.ok || tooMany.error).toMatch(/more than 10 entries/);

    const notUtf8 = await packFilesFromFileList([picked("p/manifest.json", new Uint8Array([0xc3, 0x28]))]);
    expect(notUtf8.ok || notUtf8.error).toMatch(/"manifest\.json" is not valid UTF-8/);
  });

  it("refuses a file that is larger when read than it was listed", async () => {
    const liar = picked("p/assets/a.png", "123456789");
    Object.defineProperty(liar, "size", { value: 1 });
    const result = await packFilesFromFileList([picked("p/manifest.json", "{}"), liar], { maxFileBytes: 4 });
    expect(result.ok || result.error).toMatch(/"assets\/a\.png" is 9 bytes/);
  });

  it("refuses, rather than throws, when a file cannot be read", async () => {
    const broken = picked("p/manifest.json", "{}");
    Object.defineProperty(broken, "arrayBuffer", { value: () => Promise.reject(new Error("gone")) });
    const result = await packFilesFromFileList([broken]);
    expect(result.ok || result.error).toMatch(/"p\/manifest\.json" could not be read \(gone\)/);
  });
});

describe("packFilesFromDirectoryHandle", () => {
  it("walks sub-folders and reads the pack at the handle's root", async () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    const result = await packFilesFromDirectoryHandle(
      handleOf("pack", {
        "manifest.json": '{"title":"<b>x</b>"}',
        levels: { "a.json": "{}", nested: { "b.json": "{}" } },
        assets: { sprites: { "wall.png": png } },
        "notes.md": "x",
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.files).toEqual({
      "manifest.json": '{"title":"<b>x</b>"}',
      "levels/a.json": "{}",
      "assets/sprites/wall.png": png,
    });
    expect(result.notes.join(" ")).toMatch(/notes\.md/);
    expect(result.notes.join(" ")).toMatch(/levels\/nested\/b\.json/);
  });

  it("strips one folder that holds the whole pack", async () => {
    const result = await packFilesFromDirectoryHandle(
      handleOf("parent", { mine: { "manifest.json": "{}" } }),
    );
    expect(result.ok && Object.keys(result.files)).toEqual(["manifest.json"]);
  });

  it("refuses hostile names and stops listing an endless folder at the entry limit", async () => {
    const hostile = await packFilesFromDirectoryHandle(
      handleOf("p", { "manifest.json": "{}", "..": { "x.json": "{}" } }),
    );
    expect(hostile.ok || hostile.error).toMatch(/'\.\.'/);

    let listed = 0;
    const endless: DirectoryHandleLike = {
      kind: "directory",
      name: "endless",
      async *values() {
        for (;;) {
          listed++;
          yield { kind: "file", name: `f${listed}.png`, getFile: async () => new File([""], "x") };
        }
      },
    };
    const result = await packFilesFromDirectoryHandle(endless, { maxEntries: 50 });
    expect(result.ok || result.error).toMatch(/more than 50 entries/);
    expect(listed).toBe(51);
  });

  it("refuses, rather than throws, when listing fails", async () => {
    const failing: DirectoryHandleLike = {
      kind: "directory",
      name: "x",
      values() {
        throw new DOMException("denied", "NotAllowedError");
      },
    };
    const result = await packFilesFromDirectoryHandle(failing);
    expect(result.ok || result.error).toMatch(/could not be listed \(denied\)/);
  });
});
