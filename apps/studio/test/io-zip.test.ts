import { validatePack } from "@gridponder/schema";
import { strToU8, type Zippable, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { packToZip, zipToPack } from "../src/io/zip.js";
import { PACK_NAMES, readPack, tinyPack } from "./io-fixtures.js";

const text = (s: string) => strToU8(s);
const MANIFEST = '{ "title": "x" }';

function zipOf(entries: Record<string, string | Uint8Array>): Uint8Array {
  const z: Zippable = {};
  for (const [name, content] of Object.entries(entries))
    z[name] = typeof content === "string" ? text(content) : content;
  return zipSync(z);
}

function refused(bytes: Uint8Array, limits?: Parameters<typeof zipToPack>[1]): string {
  const result = zipToPack(bytes, limits);
  if (result.ok) throw new Error("expected the zip to be refused");
  return result.error;
}

/** Offsets of the central-directory headers of a zip (signature PK\x01\x02). */
function centralHeaders(bytes: Uint8Array): number[] {
  const found: number[] = [];
  for (let i = 0; i + 4 <= bytes.length; i++)
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 1 && bytes[i + 3] === 2) found.push(i);
  return found;
}

describe("packToZip", () => {
  it("gives the same bytes for the same pack, whatever order the files were added in", () => {
    const pack = tinyPack();
    const reversed = Object.fromEntries(Object.entries(pack).reverse());
    expect(packToZip(reversed)).toEqual(packToZip(pack));
  });

  it("puts the pack folder's layout at the zip root, in sorted order", () => {
    const names: string[] = [];
    const bytes = packToZip(tinyPack());
    for (const offset of centralHeaders(bytes)) {
      const nameLength = (bytes[offset + 28] ?? 0) | ((bytes[offset + 29] ?? 0) << 8);
      names.push(new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
    }
    expect(names).toEqual(["assets/sprites/wall.svg", "game.json", "levels/a.json", "manifest.json"]);
  });

  it("refuses to write a path a reader would refuse", () => {
    expect(() => packToZip({ ...tinyPack(), "../evil.json": "{}" })).toThrow(/"\.\.\/evil\.json".*'\.\.'/);
    expect(() => packToZip({ ...tinyPack(), "/abs.json": "{}" })).toThrow(/absolute/);
  });

  it.each(PACK_NAMES)("round-trips packs/%s exactly, and the result still validates", async (name) => {
    const pack = await readPack(name);
    const zip = packToZip(pack);
    const back = zipToPack(zip);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.notes).toEqual([]);
    expect(Object.keys(back.files).sort()).toEqual(Object.keys(pack).sort());
    for (const [path, content] of Object.entries(pack)) expect(back.files[path]).toEqual(content);
    const check = validatePack(back.files, { implicitCollections: [] });
    expect(check.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(packToZip(back.files)).toEqual(zip);
  });
});

describe("zipToPack", () => {
  it("reads JSON as text and other files as bytes", () => {
    const result = zipToPack(packToZip(tinyPack()));
    expect(result).toEqual({ ok: true, files: tinyPack(), notes: [] });
    if (result.ok) expect(Object.getPrototypeOf(result.files)).toBeNull();
  });

  it("strips the one folder a zipped pack folder sits in, and skips clutter and stray files with notes", () => {
    const result = zipToPack(
      zipOf({
        "my-pack/": new Uint8Array(0),
        "my-pack/manifest.json": MANIFEST,
        "my-pack/levels/one.json": "{}",
        "my-pack/levels/deeper/two.json": "{}",
        "my-pack/assets/a/b/c.png": new Uint8Array([1, 2, 3]),
        "my-pack/notes.txt": "hello",
        "my-pack/.DS_Store": "junk",
        "__MACOSX/my-pack/._manifest.json": "junk",
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.files).sort()).toEqual([
      "assets/a/b/c.png",
      "levels/one.json",
      "manifest.json",
    ]);
    expect(result.files["assets/a/b/c.png"]).toEqual(new Uint8Array([1, 2, 3]));
    const notes = result.notes.join("\n");
    for (const skipped of ["notes.txt", ".DS_Store", "__MACOSX", "levels/deeper/two.json"])
      expect(notes).toContain(skipped);
  });

  it("does not strip a folder when manifest.json is at the root", () => {
    const result = zipToPack(zipOf({ "manifest.json": MANIFEST, "extra/manifest.json": MANIFEST }));
    expect(result.ok && Object.keys(result.files)).toEqual(["manifest.json"]);
  });

  it("refuses a zip without manifest.json, saying so", () => {
    expect(refused(zipOf({ "game.json": "{}" }))).toMatch(/no manifest\.json/);
    expect(refused(zipOf({ "a/manifest.json": MANIFEST, "b/game.json": "{}" }))).toMatch(/no manifest\.json/);
    expect(refused(zipOf({ "a/b/manifest.json": MANIFEST }))).toMatch(/no manifest\.json/);
    expect(refused(zipSync({}))).toMatch(/no manifest\.json/);
  });

  it.each([
    ["", new Uint8Array(0)],
    ["text", text("manifest.json is not a zip")],
    ["random bytes", Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)],
  ])("refuses data that is not a zip (%s)", (_, bytes) => {
    expect(refused(bytes)).toMatch(/not a zip file, or it is damaged/);
  });

  it("refuses a truncated zip", () => {
    const zip = packToZip(tinyPack());
    expect(refused(zip.subarray(0, zip.length - 30))).toMatch(/damaged/);
  });

  it.each([
    ["../evil.json", /'\.\.'/],
    ["pack/../../evil.json", /'\.\.'/],
    ["/etc/passwd", /absolute/],
    ["C:/Windows/evil.json", /drive letter/],
    ["assets\\evil.png", /backslash/],
    ["assets//evil.png", /empty/],
    ["assets/./evil.png", /empty or '\.'/],
    ["assets/evil\u0000.png", /NUL/],
  ])("refuses the entry %j, naming it", (name, why) => {
    const error = refused(zipOf({ "manifest.json": MANIFEST, [name]: "x" }));
    expect(error).toContain(JSON.stringify(name));
    expect(error).toMatch(why);
  });

  it("refuses an unsafe path even where it would only have been skipped", () => {
    expect(refused(zipOf({ "manifest.json": MANIFEST, "__MACOSX/../../x": "x" }))).toMatch(/'\.\.'/);
  });

  it("refuses duplicate paths", () => {
    // fflate's zipSync keys are unique, so a second entry of the same name is renamed in the bytes.
    const bytes = zipOf({ "manifest.json": MANIFEST, "manifesT.json": MANIFEST });
    for (const offset of [...centralHeaders(bytes), ...localHeaders(bytes)]) {
      const nameAt = offset + (bytes[offset + 2] === 1 ? 46 : 30);
      if (bytes[nameAt + 7] === "T".charCodeAt(0)) bytes[nameAt + 7] = "t".charCodeAt(0);
    }
    expect(refused(bytes)).toMatch(/"manifest\.json" appears twice/);
  });

  it("refuses more than 2,000 entries without reading them all", () => {
    const many: Record<string, string> = { "manifest.json": MANIFEST };
    for (let i = 0; i < 2000; i++) many[`assets/${i}.png`] = "";
    expect(refused(zipOf(many))).toMatch(/more than 2000 entries/);
    delete many["assets/0.png"];
    expect(zipToPack(zipOf(many)).ok).toBe(true);
  });

  it("refuses by the sizes in the headers, before inflating: one file over 16 MiB", () => {
    const bomb = new Uint8Array(16 * 1024 * 1024 + 1);
    const error = refused(zipOf({ "manifest.json": MANIFEST, "assets/bomb.png": bomb }));
    expect(error).toContain('"assets/bomb.png"');
    expect(error).toMatch(/16777217 bytes; a file may have at most 16777216/);
  });

  it("refuses files adding up to more than the total limit", () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 5; i++) files[`assets/${i}.png`] = new Uint8Array(1000);
    const zip = zipOf({ "manifest.json": MANIFEST, ...files });
    expect(refused(zip, { maxTotalBytes: 4000 })).toMatch(/more than 4000 bytes/);
    expect(zipToPack(zip, { maxTotalBytes: 6000 }).ok).toBe(true);
  });

  it("is not fooled by a header that understates a file's size", () => {
    const big = new Uint8Array(5000).fill(65);
    const bytes = zipOf({ "manifest.json": MANIFEST, "assets/liar.png": big });
    for (const offset of centralHeaders(bytes)) {
      const nameLength = (bytes[offset + 28] ?? 0) | ((bytes[offset + 29] ?? 0) << 8);
      const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
      if (name === "assets/liar.png") new DataView(bytes.buffer).setUint32(offset + 24, 10, true);
    }
    // Limits below the real size: the lie passes the listing, yet no more than the limit is kept.
    // fflate inflates into a buffer of the listed size: what is kept is cut at the lie, never grown.
    const result = zipToPack(bytes, { maxFileBytes: 100 });
    expect(result.ok && (result.files["assets/liar.png"] as Uint8Array).length).toBe(10);
  });

  it("refuses a stored entry larger than its header says", () => {
    const big = new Uint8Array(5000).fill(65);
    const bytes = zipSync({ "manifest.json": text(MANIFEST), "assets/liar.png": [big, { level: 0 }] });
    for (const offset of centralHeaders(bytes)) {
      const nameLength = (bytes[offset + 28] ?? 0) | ((bytes[offset + 29] ?? 0) << 8);
      const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
      if (name === "assets/liar.png") new DataView(bytes.buffer).setUint32(offset + 24, 10, true);
    }
    expect(refused(bytes, { maxFileBytes: 100 })).toMatch(/"assets\/liar\.png" is 5000 bytes/);
  });

  it("refuses a JSON file that is not UTF-8, naming it", () => {
    const error = refused(
      zipOf({ "manifest.json": MANIFEST, "levels/bad.json": new Uint8Array([0x7b, 0xff, 0x7d]) }),
    );
    expect(error).toContain('"levels/bad.json"');
    expect(error).toMatch(/UTF-8/);
  });

  it("keeps hostile text literally and names like __proto__ as plain keys", () => {
    const result = zipToPack(
      zipOf({
        "manifest.json": '{"title":"<script>alert(1)</script>"}',
        "levels/__proto__.json": "{}",
        "assets/constructor": "x",
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.files["manifest.json"]).toBe('{"title":"<script>alert(1)</script>"}');
    expect(Object.hasOwn(result.files, "levels/__proto__.json")).toBe(true);
    expect(Object.keys(result.files)).toHaveLength(3);
  });

  it("reads entries compressed at any level", () => {
    const result = zipToPack(zipSync({ "manifest.json": [text(MANIFEST), { level: 9 }] }));
    expect(result.ok && result.files["manifest.json"]).toBe(MANIFEST);
  });
});

function localHeaders(bytes: Uint8Array): number[] {
  const found: number[] = [];
  for (let i = 0; i + 4 <= bytes.length; i++)
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 3 && bytes[i + 3] === 4) found.push(i);
  return found;
}
