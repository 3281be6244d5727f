/**
 * The packs of the catalog the studio is served with: `catalog.json` beside the studio's page (written
 * by `gridponder build`) lists each pack's compiled `pack.json` and image folder. A studio served on
 * its own has no such file and offers no catalog packs. Only URLs of the studio's own site are fetched.
 * @module
 */
import type { CompiledPack } from "@gridponder/player";
import type { PackFiles } from "@gridponder/schema";
import { packFilesFromCompiled } from "../io/compiled-pack-files.js";

export interface CatalogIndexPack {
  readonly slug: string;
  readonly title: string;
  readonly packUrl: string;
  readonly assetBase: string;
  readonly levels: readonly { readonly id: string; readonly title: string }[];
}

export interface CatalogIndex {
  readonly packs: readonly CatalogIndexPack[];
}

const FORMAT = "gridponder-studio-catalog@1";
const INDEX = "catalog.json";

const text = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length < 2048;

/** A URL of this site, resolved against `base`; anything else is refused. */
function ownUrl(relative: string, base: string): URL {
  const url = new URL(relative, base);
  if (url.origin !== location.origin) throw new Error(`${relative} is not on this site`);
  return url;
}

/** The catalog's index, or an error when the studio is not served with a catalog. */
export async function fetchCatalogIndex(): Promise<CatalogIndex> {
  const response = await fetch(INDEX, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`no catalog here (${response.status})`);
  const json = (await response.json()) as { format?: unknown; packs?: unknown };
  if (json?.format !== FORMAT || !Array.isArray(json.packs))
    throw new Error("catalog.json is not a studio index");
  const packs = json.packs.filter(
    (p): p is CatalogIndexPack =>
      typeof p === "object" &&
      p !== null &&
      text(p.slug) &&
      text(p.title) &&
      text(p.packUrl) &&
      typeof p.assetBase === "string",
  );
  return { packs: packs.map((p) => ({ ...p, levels: Array.isArray(p.levels) ? p.levels : [] })) };
}

/** The files of a catalog pack, rebuilt from its published compiled pack and images. */
export async function fetchCatalogPack(slug: string): Promise<PackFiles> {
  const index = await fetchCatalogIndex();
  const entry = index.packs.find((p) => p.slug === slug);
  if (!entry) throw new Error(`this catalog has no pack ${JSON.stringify(slug)}`);
  const indexUrl = new URL(INDEX, location.href).href;
  const packUrl = ownUrl(entry.packUrl, indexUrl);
  const response = await fetch(packUrl, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${entry.packUrl} could not be fetched (${response.status})`);
  const compiled = (await response.json()) as CompiledPack;
  const assetBase = ownUrl(entry.assetBase || "./", indexUrl);
  return packFilesFromCompiled(compiled, async (path) => {
    const url = ownUrl(path.split("/").map(encodeURIComponent).join("/"), assetBase.href);
    const asset = await fetch(url, { credentials: "same-origin" });
    return asset.ok ? new Uint8Array(await asset.arrayBuffer()) : null;
  });
}
