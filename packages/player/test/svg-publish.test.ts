import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OWN_PACKS } from "@gridponder/test-corpus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compilePackForWeb, type PublishedFile, writeCompiledPack } from "../src/node.js";

const SCRIPTED = `<svg xmlns="http://www.w3.org/2000/svg" onload="document.title='pwned'"><script>alert(1)</script><rect width="4" height="4"/></svg>`;
const CLEAN = `<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>`;

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "gridponder-svg-publish-"));
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

/** lantern-cellar beside a collection `evil-tiles` it names, its cover and the collection's sprite replaced. */
async function scriptedPack(name: string, cover: string): Promise<{ dir: string; searchPaths: string[] }> {
  const packs = join(temp, name);
  const dir = join(packs, "cellar");
  await cp(join(OWN_PACKS, "lantern-cellar"), dir, { recursive: true });
  await writeFile(join(dir, "assets/cover.svg"), cover);
  const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8"));
  manifest.sharedAssets = ["evil-tiles"];
  await writeFile(join(dir, "manifest.json"), JSON.stringify(manifest));
  await mkdir(join(packs, "evil-tiles/tiles"), { recursive: true });
  await writeFile(join(packs, "evil-tiles/tiles/floor.svg"), SCRIPTED);
  return { dir, searchPaths: [packs] };
}

describe("publishing a pack's SVGs", () => {
  it("compilePackForWeb carries every SVG sanitized, pack and collection alike, with a warning", async () => {
    const { dir, searchPaths } = await scriptedPack("scripted", SCRIPTED);
    const result = await compilePackForWeb(dir, { searchPaths });
    if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join("; "));
    const svgs = result.files.filter((f) => f.to.endsWith(".svg"));
    expect(svgs.map((f) => f.to).sort()).toEqual(["_shared/evil-tiles/tiles/floor.svg", "assets/cover.svg"]);
    for (const file of svgs) expect(file.data).toBe(CLEAN);
    const warnings = result.diagnostics.filter((d) => d.code === "svg-sanitized");
    expect(warnings.map((d) => d.file).sort()).toEqual(["../evil-tiles/tiles/floor.svg", "assets/cover.svg"]);
    expect(warnings[0]?.message).toMatch(/<script>.*onload=|onload=.*<script>/);

    const out = join(temp, "scripted-out");
    await writeCompiledPack(out, result);
    expect(await readFile(join(out, "assets/cover.svg"), "utf8")).toBe(CLEAN);
    expect(await readFile(join(out, "_shared/evil-tiles/tiles/floor.svg"), "utf8")).toBe(CLEAN);
  });

  it("refuses a pack with an SVG it cannot sanitize, located in the file", async () => {
    const { dir, searchPaths } = await scriptedPack(
      "broken",
      `<svg xmlns="http://www.w3.org/2000/svg">\n<rect>\n</svg>`,
    );
    const result = await compilePackForWeb(dir, { searchPaths });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        file: "assets/cover.svg",
        severity: "error",
        code: "svg-refused",
        line: 3,
        message: expect.stringContaining("expected well-formed XML"),
      }),
    );
  });

  it("writeCompiledPack sanitizes SVGs it is handed directly, and refuses one it cannot, writing nothing", async () => {
    const { dir, searchPaths } = await scriptedPack("direct", CLEAN);
    const result = await compilePackForWeb(dir, { searchPaths });
    if (!result.ok) throw new Error("the pack did not compile");
    const hostile = join(temp, "hostile.svg");
    await writeFile(hostile, SCRIPTED);
    const handMade: PublishedFile[] = [
      { from: hostile, to: "assets/from-file.svg" },
      { from: hostile, to: "assets/from-data.svg", data: SCRIPTED },
    ];
    const out = join(temp, "direct-out");
    await writeCompiledPack(out, { ...result, files: handMade });
    expect(await readFile(join(out, "assets/from-file.svg"), "utf8")).toBe(CLEAN);
    expect(await readFile(join(out, "assets/from-data.svg"), "utf8")).toBe(CLEAN);

    const refusedOut = join(temp, "refused-out");
    const broken: PublishedFile = { from: hostile, to: "assets/broken.svg", data: "<svg" };
    await expect(writeCompiledPack(refusedOut, { ...result, files: [...handMade, broken] })).rejects.toThrow(
      /refusing to publish "assets\/broken.svg": expected well-formed XML/,
    );
    await expect(readdir(refusedOut)).rejects.toThrow(/ENOENT/);
  });
});
