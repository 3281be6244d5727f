import { join } from "node:path";
import { decodePng } from "@gridponder/browser-harness";
import { OWN_PACKS, ownPack, puzzlePackNames } from "@gridponder/test-corpus";
import { describe, expect, it } from "vitest";
import { AgentSession } from "../src/index.js";
import { folderAssets, folderImages, pngRenderer } from "../src/node.js";

const NAMES = puzzlePackNames();

/** Distinct colours, quantised to 4 bits a channel so antialiasing does not count. */
function colours(png: Buffer): number {
  const { data } = decodePng(png);
  const seen = new Set<number>();
  for (let i = 0; i < data.length; i += 4)
    seen.add((((data[i] ?? 0) >> 4) << 8) | (((data[i + 1] ?? 0) >> 4) << 4) | ((data[i + 2] ?? 0) >> 4));
  return seen.size;
}

describe("observations in all three forms", () => {
  it.each(NAMES)(
    "are given for every level of %s: text, JSON and a PNG that decodes and is not blank",
    async (name) => {
      const { pack } = await ownPack(name);
      const images = await folderImages(join(OWN_PACKS, name), pack);
      const session = new AgentSession(pack, { ...images, now: null });
      for (const level of pack.levelOrder) {
        session.handle({ type: "start", level });
        const text = session.handle({ type: "observe", form: "text" });
        const json = session.handle({ type: "observe", form: "json" });
        const image = session.handle({ type: "observe", form: "image" });
        if (text.type !== "observe" || json.type !== "observe" || image.type !== "observe")
          throw new Error("no observation");
        expect(text.observation.form).toBe("text");
        expect(json.observation.form).toBe("json");
        if (image.observation.form !== "image" || json.observation.form !== "json")
          throw new Error("wrong form");
        const { width, height } = json.observation.data;
        // 48 px a cell.
        expect([image.observation.width, image.observation.height], `${name}/${level}`).toEqual([
          width * 48,
          height * 48,
        ]);
        const png = Buffer.from(image.observation.data, "base64");
        expect(png.subarray(1, 4).toString()).toBe("PNG");
        expect(colours(png), `${name}/${level}`).toBeGreaterThan(3);
        expect(image.observation.caption).toContain(`Level ${level}:`);
      }
    },
  );

  it("draws a pack's sprites from its folder and the shared collections beside it", async () => {
    const dir = join(OWN_PACKS, "lantern-cellar");
    const read = folderAssets(dir);
    // A path that would leave the pack is never read.
    expect(read({ collection: null, path: "../../package.json" })).toBeUndefined();
    expect(read({ collection: "../..", path: "package.json" })).toBeUndefined();
    expect(read({ collection: null, path: "manifest.json" })?.length).toBeGreaterThan(10);
  });

  it("refuses an image observation when the session draws none, and a default form it cannot give", async () => {
    const { pack } = await ownPack("lantern-cellar");
    const session = new AgentSession(pack);
    expect(session.handle({ type: "observe", form: "image" })).toMatchObject({
      type: "error",
      error: { code: "invalid_request" },
    });
    expect(() => new AgentSession(pack, { observation: "image" })).toThrow(/image renderer/);
    const drawn = new AgentSession(pack, { observation: "image", image: pngRenderer({ cellSize: 10 }) });
    const r = drawn.handle({ type: "observe" });
    if (r.type !== "observe" || r.observation.form !== "image") throw new Error("no image");
    expect(r.observation.width).toBe(60);
  });
});
