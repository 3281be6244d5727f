/**
 * Covers as responsive images: a raster cover (PNG, JPEG, WebP, GIF) is published as WebP at a few
 * widths for a `srcset`, so a card shown 260 px wide loads a 320 px picture instead of the pack's
 * full-size file. SVG covers are already small and sharp at every size: they are left as they are.
 * @module
 */

/** The widths covers are encoded at: cards and the pack page show them about 260–320 px wide. */
export const COVER_WIDTHS: readonly number[] = [320, 640, 960];
const RASTER = /\.(png|jpe?g|webp|gif)$/i;

/** One encoded width of a cover. */
export interface CoverVariant {
  readonly width: number;
  readonly data: Uint8Array;
}

/** A cover's size and its encodings, narrowest first. */
export interface CoverVariants {
  readonly width: number;
  readonly height: number;
  readonly variants: readonly CoverVariant[];
}

/** Whether a cover's file is a raster image this build re-encodes. */
export function isRasterCover(path: string): boolean {
  return RASTER.test(path);
}

/** The widths to encode for a source `width` px wide: never wider than the source. */
export function coverWidths(width: number): number[] {
  const widths = COVER_WIDTHS.filter((w) => w < width);
  return widths.length < COVER_WIDTHS.length ? [...widths, width] : widths;
}

type Sharp = typeof import("sharp");

let sharpModule: Promise<Sharp | null> | null = null;

/** sharp, or `null` where its native part cannot load (covers are then published as they are). */
function loadSharp(): Promise<Sharp | null> {
  sharpModule ??= import("sharp").then(
    (m) => (m as unknown as { default: Sharp }).default ?? (m as unknown as Sharp),
    () => null,
  );
  return sharpModule;
}

/**
 * The WebP encodings of a raster cover at {@link coverWidths}, or `null` when the file is not a
 * raster image sharp can read (or sharp is missing): the cover is then published unchanged.
 */
export async function coverVariants(bytes: Uint8Array): Promise<CoverVariants | null> {
  const sharp = await loadSharp();
  if (!sharp) return null;
  try {
    const { width, height } = await sharp(bytes).metadata();
    if (!width || !height) return null;
    const variants: CoverVariant[] = [];
    for (const w of coverWidths(width)) {
      const data = await sharp(bytes).resize({ width: w }).webp({ quality: 78 }).toBuffer();
      variants.push({ width: w, data: new Uint8Array(data) });
    }
    return { width, height, variants };
  } catch {
    return null;
  }
}
