import { validatePack } from "@gridponder/schema";
import { deflateSync, strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import {
  levelShareFragment,
  MAX_SHARE_BYTES,
  packFromShareFragment,
  SHARE_FORMAT,
  ShareLinkError,
} from "../src/io/share-link.js";
import { PACK_NAMES, readPack } from "./io-fixtures.js";

function encode(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A fragment carrying any JSON value, as a hostile or foreign link would. */
function fragmentOf(value: unknown): string {
  return `#share=${encode(deflateSync(strToU8(JSON.stringify(value))))}`;
}

function refusal(fragment: string): string {
  const result = packFromShareFragment(fragment);
  if (result.ok) throw new Error("expected the fragment to be refused");
  return result.error;
}

const LEVEL = '{ "id": "a" }';
const payload = (files: Record<string, unknown>) => ({ format: SHARE_FORMAT, version: 1, files });

describe("levelShareFragment and packFromShareFragment", () => {
  it.each(PACK_NAMES)("carry every level of packs/%s, small, and the result validates", async (name) => {
    const pack = await readPack(name);
    const levelPaths = Object.keys(pack).filter((p) => p.startsWith("levels/"));
    expect(levelPaths.length).toBeGreaterThan(0);
    for (const path of levelPaths) {
      const id = (JSON.parse(pack[path] as string) as { id: string }).id;
      const fragment = levelShareFragment(pack, id);
      expect(fragment).toMatch(/^#share=[A-Za-z0-9_-]+$/);
      expect(fragment.length).toBeLessThan(32 * 1024);
      const back = packFromShareFragment(fragment);
      expect(back.ok).toBe(true);
      if (!back.ok) return;
      const expected = ["game.json", "manifest.json", path];
      if (Object.hasOwn(pack, "theme.json")) expected.push("theme.json");
      expect(Object.keys(back.files).sort()).toEqual(expected.sort());
      expect(back.files["manifest.json"]).toBe(pack["manifest.json"]);
      expect(back.files[path]).toBe(pack[path]);
      expect(back.files["theme.json"]).toBe(pack["theme.json"]);
      const game = JSON.parse(back.files["game.json"] as string);
      expect(game.levelSequence).toEqual([{ type: "level", ref: id }]);
      const { levelSequence: _cut, ...rest } = JSON.parse(pack["game.json"] as string);
      const { levelSequence: _one, ...restBack } = game;
      expect(restBack).toEqual(rest);
      const check = validatePack(back.files, { implicitCollections: [] });
      expect(check.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    }
  });

  it("finds the level by its JSON id, not its file name, and accepts the fragment without '#'", () => {
    const pack = {
      "manifest.json": "{}",
      "game.json": '{"levelSequence":[]}',
      "levels/broken.json": "{ not json",
      "levels/renamed.json": '{ "id": "x1", "title": "<img src=x onerror=alert(1)>" }',
    };
    const fragment = levelShareFragment(pack, "x1");
    const back = packFromShareFragment(fragment.slice(1));
    expect(back.ok && Object.keys(back.files).sort()).toEqual([
      "game.json",
      "levels/renamed.json",
      "manifest.json",
    ]);
    expect(back.ok && back.files["levels/renamed.json"]).toContain("<img src=x onerror=alert(1)>");
  });

  it("refuses to share a level that is not there, or a pack without its game", () => {
    const pack = { "manifest.json": "{}", "game.json": "{}", "levels/a.json": LEVEL };
    expect(() => levelShareFragment(pack, "b")).toThrow(ShareLinkError);
    expect(() => levelShareFragment({ ...pack, "game.json": "[" }, "a")).toThrow(
      /game\.json is not valid JSON/,
    );
    expect(() => levelShareFragment({ ...pack, "game.json": "[]" }, "a")).toThrow(/not a JSON object/);
    expect(() => levelShareFragment({ "manifest.json": "{}", "levels/a.json": LEVEL }, "a")).toThrow(
      /game\.json/,
    );
  });
});

describe("packFromShareFragment refuses", () => {
  it("what is not a share fragment, or not base64url", () => {
    expect(refusal("#level=abc")).toMatch(/not a shared level link/);
    expect(refusal("")).toMatch(/not a shared level link/);
    expect(refusal("#share=ab+c")).toMatch(/not base64url/);
    expect(refusal("#share=ab c")).toMatch(/not base64url/);
    expect(refusal("#share=abcde")).toMatch(/not base64url/);
  });

  it("data that does not inflate", () => {
    expect(refusal("#share=")).toMatch(/does not unpack/);
    expect(refusal(`#share=${encode(strToU8("just some text, not deflate"))}`)).toMatch(/does not unpack/);
    const good = fragmentOf(payload({ "manifest.json": "{}", "levels/a.json": LEVEL }));
    expect(refusal(good.slice(0, good.length - 6))).toMatch(/does not unpack/);
  });

  it("a payload that inflates past the limit, stopping early", () => {
    // 64 MiB of spaces deflate to ~64 KiB: inflating it all would take 64 MiB.
    const bomb = deflateSync(new Uint8Array(64 * 1024 * 1024).fill(32), { level: 9 });
    expect(refusal(`#share=${encode(bomb)}`)).toContain(`larger than ${MAX_SHARE_BYTES} bytes`);
  });

  it("data that is not a JSON object of this format and version", () => {
    expect(refusal(`#share=${encode(deflateSync(strToU8("{ nope")))}`)).toMatch(/not UTF-8 JSON/);
    expect(refusal(`#share=${encode(deflateSync(new Uint8Array([0x22, 0xff, 0x22])))}`)).toMatch(/not UTF-8/);
    expect(refusal(fragmentOf([1, 2]))).toMatch(/not a JSON object/);
    expect(refusal(fragmentOf("text"))).toMatch(/not a JSON object/);
    expect(refusal(fragmentOf({ format: "other", version: 1, files: {} }))).toMatch(
      /not a shared Gridponder level/,
    );
    expect(refusal(fragmentOf({ format: SHARE_FORMAT, version: 2, files: {} }))).toMatch(/version "2"/);
    expect(refusal(fragmentOf({ format: SHARE_FORMAT, version: 1, files: [] }))).toMatch(/no file list/);
  });

  it.each([
    "../manifest.json",
    "assets/evil.svg",
    "levels/../../x.json",
    "levels/a/b.json",
    "levels\\a.json",
    "__proto__",
    "/etc/passwd",
  ])("a file outside the allowed set: %j", (path) => {
    const error = refusal(
      fragmentOf(payload({ "manifest.json": "{}", "levels/a.json": LEVEL, [path]: "x" })),
    );
    expect(error).toContain(JSON.stringify(path));
  });

  it("files that are not text, a missing manifest, or other than one level", () => {
    expect(refusal(fragmentOf(payload({ "manifest.json": {}, "levels/a.json": LEVEL })))).toMatch(/not text/);
    expect(refusal(fragmentOf(payload({ "levels/a.json": LEVEL })))).toMatch(/no manifest\.json/);
    expect(refusal(fragmentOf(payload({ "manifest.json": "{}" })))).toMatch(/0 level files/);
    expect(
      refusal(fragmentOf(payload({ "manifest.json": "{}", "levels/a.json": LEVEL, "levels/b.json": LEVEL }))),
    ).toMatch(/2 level files/);
  });

  it("keeps a payload key __proto__ from touching any prototype", () => {
    const text = `{"format":"${SHARE_FORMAT}","version":1,"files":{"manifest.json":"{}","levels/a.json":"{}","__proto__":"x"}}`;
    expect(refusal(`#share=${encode(deflateSync(strToU8(text)))}`)).toContain('"__proto__"');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
