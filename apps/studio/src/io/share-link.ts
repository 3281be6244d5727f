/**
 * One level shared as a URL fragment (`#share=…`): the pack's text files it needs, deflated and in
 * base64url, so the link carries the level to whoever opens it with no server. Assets stay behind: a
 * pack without its sprites still validates (with warnings) and draws from its display hints.
 * @module
 */
import { dictionary, type PackFiles } from "@gridponder/schema";
import { deflateSync, Inflate, strToU8 } from "fflate";
import { errorText, quotePath, unsafeEntryPath } from "./pack-paths.js";

/** The tag and version every share payload carries; a link of another kind or a newer version is refused. */
export const SHARE_FORMAT = "gridponder-level-share";
export const SHARE_VERSION = 1;
/** The fragment key: `#share=<payload>`. */
export const SHARE_KEY = "share";

/** The largest payload accepted once inflated; inflating stops as soon as it is passed. */
export const MAX_SHARE_BYTES = 4 * 1024 * 1024;
/** The longest fragment read at all (far beyond what a browser keeps in a URL). */
const MAX_FRAGMENT_CHARS = 4 * 1024 * 1024;
/** Input fed to the inflater at a time: deflate expands at most ~1032×, so one step stays near 1 MiB. */
const INFLATE_STEP = 1024;

export class ShareLinkError extends Error {
  override readonly name = "ShareLinkError";
}

export type SharedPackResult = { ok: true; files: PackFiles } | { ok: false; error: string };

interface SharePayload {
  format: typeof SHARE_FORMAT;
  version: typeof SHARE_VERSION;
  files: Record<string, string>;
}

/** The level file whose JSON `id` is `levelId`, among the files under `levels/`. */
function levelFileOf(files: PackFiles, levelId: string): string | undefined {
  for (const path of Object.keys(files).sort()) {
    const content = files[path];
    if (!isLevelPath(path) || typeof content !== "string") continue;
    try {
      const level: unknown = JSON.parse(content);
      if (typeof level === "object" && level !== null && (level as { id?: unknown }).id === levelId)
        return path;
    } catch {
      // A level file with broken JSON has no id to match.
    }
  }
  return undefined;
}

function isLevelPath(path: string): boolean {
  return /^levels\/[^/]+\.json$/.test(path) && unsafeEntryPath(path) === undefined;
}

/** game.json with its level sequence cut down to the shared level. */
function gameForOneLevel(gameText: string, levelId: string): string {
  let game: unknown;
  try {
    game = JSON.parse(gameText);
  } catch (error) {
    throw new ShareLinkError(`game.json is not valid JSON (${errorText(error)}); fix it before sharing`);
  }
  if (typeof game !== "object" || game === null || Array.isArray(game))
    throw new ShareLinkError("game.json is not a JSON object; fix it before sharing");
  const cut = { ...(game as Record<string, unknown>), levelSequence: [{ type: "level", ref: levelId }] };
  return `${JSON.stringify(cut, null, 2)}\n`;
}

function textFile(files: PackFiles, path: string): string | undefined {
  const content = Object.hasOwn(files, path) ? files[path] : undefined;
  return typeof content === "string" ? content : undefined;
}

/**
 * The URL fragment (`#share=…`) that carries level `levelId` of the pack: manifest, game (playing only
 * that level), theme and the level's file. Throws {@link ShareLinkError} when the pack has no such
 * level or no manifest.json / game.json to share.
 */
export function levelShareFragment(files: PackFiles, levelId: string): string {
  const levelPath = levelFileOf(files, levelId);
  if (!levelPath) throw new ShareLinkError(`no file under levels/ has the id ${quotePath(levelId)}`);
  const manifest = textFile(files, "manifest.json");
  const game = textFile(files, "game.json");
  if (manifest === undefined || game === undefined)
    throw new ShareLinkError("the pack needs manifest.json and game.json to share a level");
  const shared: Record<string, string> = {
    "manifest.json": manifest,
    "game.json": gameForOneLevel(game, levelId),
    [levelPath]: textFile(files, levelPath) as string,
  };
  const theme = textFile(files, "theme.json");
  if (theme !== undefined) shared["theme.json"] = theme;
  const payload: SharePayload = { format: SHARE_FORMAT, version: SHARE_VERSION, files: shared };
  return `#${SHARE_KEY}=${toBase64Url(deflateSync(strToU8(JSON.stringify(payload)), { level: 9 }))}`;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Thrown inside the inflater's callback to stop as soon as the output passes the limit. */
class TooLarge extends Error {}

/** Inflates in small steps, stopping once the output passes `limit`: the input is never trusted. */
function boundedInflate(data: Uint8Array, limit: number): Uint8Array | "too-large" | "damaged" {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const inflater = new Inflate((chunk) => {
    size += chunk.length;
    if (size > limit) throw new TooLarge();
    chunks.push(chunk);
  });
  try {
    if (data.length === 0) return "damaged";
    for (let at = 0; at < data.length; at += INFLATE_STEP) {
      const end = Math.min(at + INFLATE_STEP, data.length);
      inflater.push(data.subarray(at, end), end === data.length);
    }
  } catch (error) {
    return error instanceof TooLarge ? "too-large" : "damaged";
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const ALLOWED_SINGLE = new Set(["manifest.json", "game.json", "theme.json"]);

/** Why a payload's file list is refused, or the files. */
function sharedFiles(files: unknown): PackFiles | string {
  if (typeof files !== "object" || files === null || Array.isArray(files))
    return "the link's payload has no file list";
  const out: PackFiles = dictionary();
  let levels = 0;
  for (const [path, content] of Object.entries(files)) {
    const level = isLevelPath(path);
    if (!ALLOWED_SINGLE.has(path) && !level)
      return `the link carries ${quotePath(path)}; a shared level holds only manifest.json, game.json, theme.json and one levels/*.json`;
    if (typeof content !== "string") return `the link's ${quotePath(path)} is not text`;
    if (level) levels++;
    out[path] = content;
  }
  if (!Object.hasOwn(out, "manifest.json")) return "the link carries no manifest.json";
  if (levels !== 1) return `the link carries ${levels} level files; a shared level has exactly one`;
  return out;
}

/**
 * The pack a `#share=…` fragment carries (with or without the `#`). Never throws: a damaged, oversized
 * or foreign fragment is refused with what was wrong.
 */
export function packFromShareFragment(fragment: string): SharedPackResult {
  const body = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  const prefix = `${SHARE_KEY}=`;
  if (!body.startsWith(prefix))
    return { ok: false, error: `this is not a shared level link (no #${prefix})` };
  const encoded = body.slice(prefix.length);
  if (encoded.length > MAX_FRAGMENT_CHARS)
    return { ok: false, error: `the shared level link is longer than ${MAX_FRAGMENT_CHARS} characters` };
  const compressed = fromBase64Url(encoded);
  if (!compressed)
    return {
      ok: false,
      error: "the shared level link is damaged: it is not base64url (A–Z, a–z, 0–9, - and _)",
    };
  const inflated = boundedInflate(compressed, MAX_SHARE_BYTES);
  if (inflated === "too-large")
    return { ok: false, error: `the shared level is larger than ${MAX_SHARE_BYTES} bytes unpacked` };
  if (inflated === "damaged")
    return { ok: false, error: "the shared level link is damaged: its data does not unpack" };
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(inflated));
  } catch {
    return { ok: false, error: "the shared level link is damaged: its data is not UTF-8 JSON" };
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload))
    return { ok: false, error: "the shared level link is damaged: its data is not a JSON object" };
  const { format, version, files } = payload as Partial<Record<keyof SharePayload, unknown>>;
  if (format !== SHARE_FORMAT)
    return {
      ok: false,
      error: `the link is not a shared Gridponder level (format ${quotePath(String(format))})`,
    };
  if (version !== SHARE_VERSION)
    return {
      ok: false,
      error: `the shared level is of version ${quotePath(String(version))}; this studio reads version ${SHARE_VERSION}`,
    };
  const read = sharedFiles(files);
  return typeof read === "string" ? { ok: false, error: read } : { ok: true, files: read };
}
