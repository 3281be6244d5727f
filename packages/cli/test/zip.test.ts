/**
 * Packs in a `.zip` (the studio's export): read in memory, never extracted, by validate, solve and play.
 * A hostile zip (`..` or absolute paths, backslashes, too many entries, entries or totals too large,
 * also when only its headers say so) is refused with exit 2, naming the entry, and nothing is written.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { type Zippable, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_ZIP_ENTRIES } from "../src/zip-pack.js";
import { LANTERN_CELLAR, run, STACK_FRAME, useScratchDirs } from "./helpers.js";

const scratch = useScratchDirs();

/** The files of a folder, by forward-slash path under `prefix`. */
async function filesOf(dir: string, prefix = ""): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    files[prefix + relative(dir, full).split(sep).join("/")] = new Uint8Array(await readFile(full));
  }
  return files;
}

/** Writes a zip of `files` (each stored under its key as given) into a scratch folder. */
async function zipFile(files: Zippable, name = "pack.zip"): Promise<string> {
  const path = join(await scratch(), name);
  await writeFile(path, zipSync(files, { level: 6 }));
  return path;
}

const text = (s: string) => new TextEncoder().encode(s);

describe("a pack in a zip", () => {
  it("validates a zip of lantern-cellar (manifest.json at its root) with exit 0", async () => {
    const zip = await zipFile(await filesOf(LANTERN_CELLAR));
    const { code, stdout, stderr } = await run(["validate", zip]);
    expect(stderr).toBe("");
    expect(stdout).toContain(`${zip}: valid, 8 levels, every gold path wins`);
    expect(code).toBe(0);
  });

  it("reads a zip whose single top folder holds the pack, and names files inside the zip", async () => {
    const files = await filesOf(LANTERN_CELLAR, "lantern-cellar/");
    const valid = await zipFile(files, "top.zip");
    const ok = await run(["validate", valid, "--json"]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).summary).toMatchObject({ packs: 1, levels: 8, errors: 0 });

    files["lantern-cellar/levels/lc02_storeroom.json"] = text("{ not json");
    const broken = await zipFile(files, "broken.zip");
    const { code, stdout } = await run(["validate", broken]);
    expect(code).toBe(2);
    expect(stdout).toContain(`${join(broken, "lantern-cellar/levels/lc02_storeroom.json")}:`);
    expect(stdout).toContain("invalid");
  });

  it("solves and traces a zipped pack like its folder", async () => {
    const zip = await zipFile(await filesOf(LANTERN_CELLAR));
    const solved = await run(["solve", zip, "lc01_bottom_step", "--workers", "1", "--json"]);
    expect(solved.stderr).toBe("");
    expect(solved.code).toBe(0);
    const [result] = JSON.parse(solved.stdout);
    expect(result).toMatchObject({ level: "lc01_bottom_step", status: "solved", pack: zip });
    const traced = await run(["trace", zip, "lc01_bottom_step"]);
    expect(traced.code).toBe(0);
    expect(traced.stdout).toContain("won after 11 actions");
  });

  it("shows a pack's hostile text as text, nothing run", async () => {
    const files = await filesOf(LANTERN_CELLAR);
    const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"]));
    manifest.title = '<script>alert("x")</script>\u001b[2J';
    manifest.version = "not a version </script>";
    files["manifest.json"] = text(JSON.stringify(manifest));
    const { code, stdout } = await run(["validate", await zipFile(files)]);
    expect(code).toBe(2);
    expect(stdout).not.toContain("\u001b[2J");
    expect(stdout).toContain("manifest.json:/version");
  });

  it("refuses a zip that is not a pack, or not a zip, with exit 2 and no stack trace", async () => {
    const noManifest = await zipFile({ "a/manifest.json": text("{}"), "b/game.json": text("{}") });
    const one = await run(["validate", noManifest]);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain("no manifest.json at its root, nor a single top folder holding one");

    const missing = join(await scratch(), "missing.zip");
    const gone = await run(["validate", missing]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain(`no such file: ${missing}`);

    const notZip = join(await scratch(), "fake.zip");
    await writeFile(notZip, "this is not a zip");
    const two = await run(["validate", notZip]);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain(`cannot read ${notZip} as a zip`);
    expect(`${one.stderr}${two.stderr}`).not.toMatch(STACK_FRAME);
  });

  describe("hostile zips are refused before anything is inflated, naming the entry", () => {
    let pack: Record<string, Uint8Array> = {};
    beforeAll(async () => {
      pack = await filesOf(LANTERN_CELLAR);
    });
    const cases: [string, () => Zippable, RegExp][] = [
      [
        "a .. path",
        () => ({ ...pack, "../escape.json": text("{}") }),
        /entry "\.\.\/escape\.json": it has a \.\. segment/,
      ],
      [
        "a nested .. path",
        () => ({ ...pack, "assets/../../x.png": text("x") }),
        /"assets\/\.\.\/\.\.\/x\.png": it has a \.\. segment/,
      ],
      [
        "an absolute path",
        () => ({ ...pack, "/etc/passwd": text("x") }),
        /"\/etc\/passwd": it is an absolute path/,
      ],
      ["a drive path", () => ({ ...pack, "C:/x.json": text("x") }), /"C:\/x\.json": it is an absolute path/],
      [
        "a backslash",
        () => ({ ...pack, "levels\\x.json": text("{}") }),
        /"levels\\\\x\.json": it has a backslash/,
      ],
      [
        "an entry over 16 MiB",
        () => ({ ...pack, "assets/big.png": new Uint8Array(16 * 1024 * 1024 + 1) }),
        /"assets\/big\.png": it inflates to 16777217 bytes, over 16 MiB/,
      ],
      [
        "entries over 64 MiB in all",
        () => ({
          ...pack,
          ...Object.fromEntries(
            [1, 2, 3, 4, 5].map((i) => [`assets/big${i}.png`, new Uint8Array(15 * 1024 * 1024)]),
          ),
        }),
        /"assets\/big5\.png": the entries up to it inflate to over 64 MiB in all/,
      ],
      [
        "too many entries",
        () => ({
          ...pack,
          ...Object.fromEntries(
            Array.from({ length: MAX_ZIP_ENTRIES }, (_, i) => [`assets/f${i}.txt`, text("")]),
          ),
        }),
        /has more than 2000 entries/,
      ],
    ];
    for (const [what, files, message] of cases)
      it(`refuses ${what}`, async () => {
        const zip = await zipFile(files());
        const { code, stdout, stderr } = await run(["validate", zip]);
        expect(code).toBe(2);
        expect(stdout).toBe("");
        expect(stderr).toMatch(message);
        expect(stderr).toContain(`refusing ${zip}`);
        expect(stderr).not.toMatch(STACK_FRAME);
      });

    it("refuses an entry whose header alone says it is over 16 MiB", async () => {
      const bytes = zipSync({ ...pack, "assets/liar.png": text("small") }, { level: 6 });
      // Rewrite the uncompressed size of the central directory's record of assets/liar.png.
      const name = text("assets/liar.png");
      const view = new DataView(bytes.buffer);
      for (let at = 0; at < bytes.length - 46; at++) {
        if (view.getUint32(at, true) !== 0x02014b50 || view.getUint16(at + 28, true) !== name.length)
          continue;
        if (bytes.subarray(at + 46, at + 46 + name.length).every((b, i) => b === name[i]))
          view.setUint32(at + 24, 17 * 1024 * 1024, true);
      }
      const zip = join(await scratch(), "liar.zip");
      await writeFile(zip, bytes);
      const { code, stderr } = await run(["validate", zip]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/"assets\/liar\.png": it inflates to 17825792 bytes, over 16 MiB/);
    });
  });
});
