/**
 * Share codes: a level's actions so far as a short URL-safe string (`#a=<code>`).
 *
 * An action is written as its index in the level's action alphabet (the engine session's
 * `legalActions()` order), repeats are run-length encoded, and the bytes are base64url. Actions the
 * alphabet cannot name (integer params have no finite list) are written out as JSON after an escape
 * index, so every accepted action survives the trip.
 *
 * Byte layout: a format byte, then tokens. A token is a varint `index * 2 + repeated`; a repeated
 * token is followed by a varint `count - 2`; the escape index (`alphabet.length`) is followed by a
 * varint byte length and the action's JSON in UTF-8.
 *
 * Decoding is for links from anywhere: anything malformed yields `null`, never an exception.
 * @module
 */

/** An action as the engine lists and reports it: `{ action, ...params }`. */
export type ShareAction = { readonly action: string; readonly [param: string]: unknown };

const FORMAT = 1;
/** A link may be long, but not a denial of service: replays beyond this are refused. */
export const MAX_SHARED_ACTIONS = 20_000;
const MAX_CODE_LENGTH = 200_000;

/** A stable text key for an action: params sorted, so `{direction, action}` equals `{action, direction}`. */
export function actionKey(action: ShareAction): string {
  const params = Object.keys(action)
    .filter((k) => k !== "action")
    .sort()
    .map((k) => [k, action[k]]);
  return JSON.stringify([action.action, params]);
}

/** Encodes `actions` against `alphabet` (the same alphabet must decode it). */
export function encodeActions(actions: readonly ShareAction[], alphabet: readonly ShareAction[]): string {
  const indexOf = new Map<string, number>();
  alphabet.forEach((a, i) => {
    const key = actionKey(a);
    if (!indexOf.has(key)) indexOf.set(key, i);
  });
  const escapeIndex = alphabet.length;
  const bytes: number[] = [FORMAT];
  let i = 0;
  while (i < actions.length) {
    const action = actions[i] as ShareAction;
    const key = actionKey(action);
    let run = 1;
    while (i + run < actions.length && actionKey(actions[i + run] as ShareAction) === key) run++;
    const index = indexOf.get(key) ?? escapeIndex;
    writeVarint(bytes, index * 2 + (run > 1 ? 1 : 0));
    if (run > 1) writeVarint(bytes, run - 2);
    if (index === escapeIndex) {
      const json = new TextEncoder().encode(JSON.stringify(canonical(action)));
      writeVarint(bytes, json.length);
      for (const b of json) bytes.push(b);
    }
    i += run;
  }
  return toBase64Url(Uint8Array.from(bytes));
}

/** Decodes a share code against `alphabet`; `null` when it is not a valid code. */
export function decodeActions(code: string, alphabet: readonly ShareAction[]): ShareAction[] | null {
  const read = readShareCode(code, alphabet);
  return "actions" in read ? read.actions : null;
}

/** A share code read: its actions, or why there are none. */
export type SharedActions =
  | { readonly actions: ShareAction[] }
  /** `unreadable`: not a code this page writes; `too-many`: more than {@link MAX_SHARED_ACTIONS}. */
  | { readonly error: "unreadable" | "too-many" };

/** Decodes a share code against `alphabet`, saying why when it holds no actions to replay. */
export function readShareCode(code: string, alphabet: readonly ShareAction[]): SharedActions {
  try {
    const out = decodeOrThrow(code, alphabet);
    return out === null
      ? { error: "unreadable" }
      : out === TOO_MANY
        ? { error: "too-many" }
        : { actions: out };
  } catch {
    return { error: "unreadable" };
  }
}

const TOO_MANY = Symbol("too many actions");

/** The code in a location hash such as `#a=AQID` (other hash parameters are ignored), else `null`. */
export function shareCodeFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const code = params.get("a");
  return code && /^[A-Za-z0-9_-]+$/.test(code) ? code : null;
}

/** The hash that shares `code`. */
export function shareHash(code: string): string {
  return `#a=${code}`;
}

function decodeOrThrow(
  code: string,
  alphabet: readonly ShareAction[],
): ShareAction[] | typeof TOO_MANY | null {
  if (code.length === 0 || code.length > MAX_CODE_LENGTH) return null;
  const bytes = fromBase64Url(code);
  if (!bytes || bytes[0] !== FORMAT) return null;
  const reader = { bytes, at: 1 };
  const escapeIndex = alphabet.length;
  const out: ShareAction[] = [];
  while (reader.at < bytes.length) {
    const token = readVarint(reader);
    if (token === null) return null;
    const index = Math.floor(token / 2);
    const run = token % 2 === 1 ? readVarint(reader) : -1;
    if (run === null) return null;
    const count = run + 2;
    let action: ShareAction | undefined;
    if (index === escapeIndex) {
      const length = readVarint(reader);
      if (length === null || reader.at + length > bytes.length) return null;
      const text = new TextDecoder("utf-8", { fatal: true }).decode(
        bytes.subarray(reader.at, reader.at + length),
      );
      reader.at += length;
      action = asAction(JSON.parse(text));
    } else action = alphabet[index];
    if (!action) return null;
    if (out.length + count > MAX_SHARED_ACTIONS) return TOO_MANY;
    for (let k = 0; k < count; k++) out.push(action);
  }
  return out;
}

/** The action with sorted params, so equal actions encode to equal bytes. */
function canonical(action: ShareAction): Record<string, unknown> {
  const out: Record<string, unknown> = { action: action.action };
  for (const k of Object.keys(action).sort()) if (k !== "action") out[k] = action[k];
  return out;
}

function asAction(value: unknown): ShareAction | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const action = (value as { action?: unknown }).action;
  return typeof action === "string" ? (value as ShareAction) : undefined;
}

function writeVarint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** A varint up to 2^35 (five bytes); longer ones are malformed. */
function readVarint(reader: { bytes: Uint8Array; at: number }): number | null {
  let value = 0;
  let scale = 1;
  for (let n = 0; n < 5; n++) {
    const b = reader.bytes[reader.at++];
    if (b === undefined) return null;
    value += (b & 0x7f) * scale;
    if (b < 0x80) return value;
    scale *= 0x80;
  }
  return null;
}

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function toBase64Url(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let c = 0; c < chars; c++) out += DIGITS[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const values: number[] = [];
  for (const ch of text) {
    const v = DIGITS.indexOf(ch);
    if (v < 0) return null;
    values.push(v);
  }
  const out: number[] = [];
  for (let i = 0; i < values.length; i += 4) {
    const group = values.slice(i, i + 4);
    const n = group.reduce((acc, v, k) => acc | (v << (18 - 6 * k)), 0);
    out.push((n >> 16) & 255);
    if (group.length > 2) out.push((n >> 8) & 255);
    if (group.length > 3) out.push(n & 255);
  }
  return Uint8Array.from(out);
}
