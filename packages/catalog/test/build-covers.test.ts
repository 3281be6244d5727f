import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { COVER_WIDTHS, coverVariants, coverWidths, isRasterCover } from "../src/build/cover-images.ts";

/** A noisy PNG (noise compresses badly, like a painted cover). */
async function noisePng(width: number, height: number): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    pixels[i] = (seed >> 16) & 0xff;
  }
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

describe("cover images", () => {
  it("re-encodes raster covers only", () => {
    for (const path of ["a/cover.png", "c.JPG", "c.jpeg", "c.webp", "c.gif"])
      expect(isRasterCover(path)).toBe(true);
    for (const path of ["cover.svg", "cover.png.svg", "cover"]) expect(isRasterCover(path)).toBe(false);
  });

  it("never encodes wider than the source", () => {
    expect(coverWidths(2000)).toEqual([...COVER_WIDTHS]);
    expect(coverWidths(700)).toEqual([320, 640, 700]);
    expect(coverWidths(320)).toEqual([320]);
    expect(coverWidths(200)).toEqual([200]);
  });

  it("encodes a large PNG as WebP at each width, each far smaller than the source", async () => {
    const png = await noisePng(1200, 750);
    const encoded = await coverVariants(png);
    expect(encoded).not.toBeNull();
    if (!encoded) return;
    expect([encoded.width, encoded.height]).toEqual([1200, 750]);
    expect(encoded.variants.map((v) => v.width)).toEqual([320, 640, 960]);
    for (const v of encoded.variants) {
      const meta = await sharp(v.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        "webp",
        v.width,
        Math.round((750 * v.width) / 1200),
      ]);
    }
    const smallest = encoded.variants[0]?.data.length ?? Number.POSITIVE_INFINITY;
    expect(smallest * 10).toBeLessThan(png.length);
  });

  it("leaves what it cannot read to be published as it is", async () => {
    expect(await coverVariants(new TextEncoder().encode("not an image"))).toBeNull();
    expect(await coverVariants(new Uint8Array(0))).toBeNull();
  });
});
