/**
 * The pieces `buildCatalog` replaces its output folder with, on small hand-made folders: which files
 * are the user's, how they are carried into the new site, and what is deleted afterwards.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CatalogError } from "../src/build/errors.ts";
import { hashText } from "../src/build/hash.ts";
import { carryUserFiles, outputState, removePrevious, swapIn } from "../src/build/output-folder.ts";
import { checkOutDir } from "../src/build/output-guard.ts";
import { SITE_MANIFEST, writeSiteManifest } from "../src/build/site-manifest.ts";
import { findPackSources } from "../src/build/sources.ts";
import { createStaging, finishStaging } from "../src/build/staging.ts";
import { normaliseBase } from "../src/build/urls.ts";
import { removeTempDirs, tempDir } from "./build-helpers.ts";

afterAll(removeTempDirs);

async function write(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, ".."), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

async function errorOf(promise: Promise<unknown> | (() => unknown)): Promise<CatalogError> {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogError);
    return error as CatalogError;
  }
  throw new Error("expected a CatalogError");
}

describe("the output folder's state", () => {
  it("tells a missing folder, an empty one, a site a build wrote and a folder of the user's apart", async () => {
    const root = await tempDir();
    expect(await outputState(join(root, "missing"))).toEqual({ kind: "absent" });
    await mkdir(join(root, "empty"));
    expect(await outputState(join(root, "empty"))).toEqual({ kind: "ours", written: new Map() });
    await write(root, { "site/index.html": "<p>", "theirs/notes.txt": "mine" });
    await writeSiteManifest(join(root, "site"), ["index.html"]);
    expect(await outputState(join(root, "site"))).toEqual({
      kind: "ours",
      written: new Map([["index.html", hashText("<p>")]]),
    });
    expect(await outputState(join(root, "theirs"))).toEqual({ kind: "foreign" });
  });

  it("does not trust a manifest that names paths outside the folder, or is not its own format", async () => {
    const root = await tempDir();
    const hash = hashText("");
    for (const files of [
      [["../../etc/passwd", hash]],
      [["/etc/passwd", hash]],
      [["a/../../b", hash]],
      [[42, hash]],
      [["x.txt", "not a hash"]],
      ["x.txt"],
    ]) {
      await write(root, {
        [SITE_MANIFEST]: JSON.stringify({ format: "gridponder-site@1", files }),
        "x.txt": "",
      });
      expect(await outputState(root)).toEqual({ kind: "foreign" });
    }
    await write(root, { [SITE_MANIFEST]: JSON.stringify({ format: "other", files: [] }) });
    expect(await outputState(root)).toEqual({ kind: "foreign" });
  });

  it("refuses a file or a symbolic link as the output folder", async () => {
    const root = await tempDir();
    await write(root, { file: "" });
    await symlink(join(root, "file"), join(root, "link"));
    expect((await errorOf(outputState(join(root, "file")))).message).toContain("not a folder");
    expect((await errorOf(outputState(join(root, "link")))).message).toContain("symbolic link");
  });
});

describe("carrying the user's files into the new site", () => {
  it("links the user's files and empty folders, drops the previous build's files and the folders only they held", async () => {
    const root = await tempDir();
    const out = join(root, "out");
    const site = join(root, "site");
    await write(out, {
      "index.html": "old",
      "old-pack/index.html": "old",
      "thesis.txt": "mine",
      ".git/config": "[core]",
      "old-pack/my-notes.txt": "mine too",
    });
    await mkdir(join(out, "drafts"));
    await writeSiteManifest(out, ["index.html", "old-pack/index.html"]);
    await write(site, { "index.html": "new" });
    const carried = await carryUserFiles(out, site, await outputState(out), false);
    expect(carried.replaced).toEqual([]);
    expect(await readFile(join(site, "index.html"), "utf8")).toBe("new");
    expect((await stat(join(site, "thesis.txt"))).ino).toBe((await stat(join(out, "thesis.txt"))).ino);
    expect(await readFile(join(site, ".git/config"), "utf8")).toBe("[core]");
    expect(await readFile(join(site, "old-pack/my-notes.txt"), "utf8")).toBe("mine too");
    expect(existsSync(join(site, "old-pack/index.html"))).toBe(false);
    expect(existsSync(join(site, "drafts"))).toBe(true);
  });

  it("counts a file the previous build wrote but someone changed since as the user's", async () => {
    const root = await tempDir();
    const out = join(root, "out");
    await write(out, { "index.html": "built", "about/index.html": "built" });
    await writeSiteManifest(out, ["index.html", "about/index.html"]);
    await write(out, { "about/index.html": "edited by hand" });
    const state = await outputState(out);
    const site = join(root, "site");
    await write(site, { "index.html": "new" });
    const carried = await carryUserFiles(out, site, state, false);
    expect([...carried.dropped]).toEqual(["index.html"]);
    expect(await readFile(join(site, "about/index.html"), "utf8")).toBe("edited by hand");
    // Where the new site writes the same page, the edited one is not overwritten silently.
    await write(join(root, "site2"), { "about/index.html": "new" });
    expect((await errorOf(carryUserFiles(out, join(root, "site2"), state, false))).code).toBe(
      "output-conflict",
    );
  });

  it("refuses a user's file or folder where the new site writes, unless forced", async () => {
    const root = await tempDir();
    const out = join(root, "out");
    const site = join(root, "site");
    await write(out, { "404.html": "mine", "assets/readme.txt": "mine" });
    await writeSiteManifest(out, []);
    await write(site, { "404.html": "new", assets: "a file where the user has a folder" });
    const state = await outputState(out);
    const error = await errorOf(carryUserFiles(out, site, state, false));
    expect(error.code).toBe("output-conflict");
    expect(error.message).toContain("404.html");
    expect(error.message).toContain("assets/");
    const forced = await carryUserFiles(out, join(root, "site"), state, true);
    expect([...forced.replaced].sort()).toEqual(["404.html", "assets"]);
  });
});

describe("swapping and deleting the previous site", () => {
  it("deletes only the previous build's files and the user's files now linked into the new site", async () => {
    const root = await tempDir();
    const out = join(root, "out");
    await write(out, { "index.html": "old", "thesis.txt": "mine" });
    await writeSiteManifest(out, ["index.html"]);
    const { staging } = await createStaging(out);
    await write(staging.site, { "index.html": "new" });
    const state = await outputState(out);
    const carried = await carryUserFiles(out, staging.site, state, false);
    // A file that appears in the old folder after the user's files were carried is nobody's to delete.
    await write(out, { "late.txt": "written during the build" });
    swapIn(staging, out, state);
    const kept = await removePrevious(staging.previous, out, state, carried);
    expect(kept).toEqual(["late.txt"]);
    expect(await readFile(join(staging.previous, "late.txt"), "utf8")).toBe("written during the build");
    expect(await readFile(join(out, "index.html"), "utf8")).toBe("new");
    expect(await readFile(join(out, "thesis.txt"), "utf8")).toBe("mine");
    await finishStaging(staging, true);
    expect(await readdir(staging.dir)).toEqual(["previous"]);
  });

  it("removes the staging folder of a build that was killed before its swap, and keeps one holding a previous site", async () => {
    const root = await tempDir();
    const out = join(root, "site");
    const dead = join(root, ".site.gridponder-build-dead01");
    const holding = join(root, ".site.gridponder-build-dead02");
    // A process id that cannot be running: above Linux's largest.
    for (const dir of [dead, holding])
      await write(dir, { "owner.json": JSON.stringify({ pid: 2 ** 22 + 1 }), "site/index.html": "" });
    await write(holding, { "previous/index.html": "" });
    const { staging, leftovers } = await createStaging(out);
    expect(existsSync(dead)).toBe(false);
    expect(leftovers).toEqual([holding]);
    await finishStaging(staging, false);
    expect(existsSync(staging.dir)).toBe(false);
  });
});

describe("where a build may write", () => {
  it("refuses an output folder that lies inside an input, is one, or holds one, through symbolic links too", async () => {
    const root = await tempDir();
    const packs = join(root, "packs");
    await write(packs, { "a/manifest.json": "{}" });
    await symlink(packs, join(root, "link"));
    const inputs = [{ path: packs, what: "the packs folder" }];
    for (const [out, why] of [
      [join(packs, "a", "levels"), "lies inside the packs folder"],
      [join(root, "link"), "is the packs folder"],
      [join(root, "link", "a"), "lies inside the packs folder"],
      [root, "holds the packs folder"],
    ] as const)
      expect((await errorOf(() => checkOutDir(out, inputs))).message).toContain(why);
    expect(() => checkOutDir(join(root, "site"), inputs)).not.toThrow();
  });

  it("reads the base as a URL path of the site's own host, or refuses it", async () => {
    expect(normaliseBase(undefined)).toBe("/");
    expect(normaliseBase("/")).toBe("/");
    expect(normaliseBase("/games")).toBe("/games/");
    expect(normaliseBase("/a/b-c_d.e~/")).toBe("/a/b-c_d.e~/");
    // The publishing guide promises that a base without slashes means the same path.
    expect(normaliseBase("games")).toBe("/games/");
    for (const base of [
      "https://evil.example/",
      "javascript:alert(1)",
      "//evil.example/",
      "/../x/",
      "/./",
      "/a//b/",
      "/a b/",
      '/"><script>/',
      "/%2e%2e/",
      "/a?b/",
      "/a#b/",
      "/a\\b/",
    ])
      expect((await errorOf(() => normaliseBase(base))).message, base).toMatch(/^invalid base/);
  });

  it("reports a folder of packs or a pack the file system will not read, instead of skipping it", async () => {
    const root = await tempDir();
    // A link to itself: reading it fails (ELOOP) as an unreadable folder does, even for root.
    await symlink(join(root, "loop"), join(root, "loop"));
    const folder = await errorOf(findPackSources([join(root, "loop")]));
    expect(folder.message).toContain(`cannot read ${join(root, "loop")}`);
    expect(folder.diagnostics[0]).toMatchObject({ file: join(root, "loop"), code: "unreadable-folder" });

    const packs = join(root, "packs");
    await mkdir(join(packs, "pack"), { recursive: true });
    await symlink(join(packs, "pack", "manifest.json"), join(packs, "pack", "manifest.json"));
    const pack = await errorOf(findPackSources([packs]));
    expect(pack.message).toContain(`cannot read ${join(packs, "pack")}`);
  });
});
