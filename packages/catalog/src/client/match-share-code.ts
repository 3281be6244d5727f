/**
 * Match share codes: a board or card game in progress as a short URL-safe string (`#m=<code>`), with
 * what it takes to play it again: how many seats, the seed of its random numbers, who plays each seat,
 * and the moves so far as the match runtime's action keys (`push@e2>e4`, `play#12`, `jump@c3>e5;jump>c7`).
 *
 * The code is base64url of an ASCII text: a format digit, the seat count, the seed, one letter per seat
 * (`h` a person, `r` the random bot, `a` alpha-beta, `m` MCTS), the move names the log uses, and the
 * log with each move name replaced by its index in that list, fields separated by `~`:
 * `1~2~7~hm~mark~0>b2 0>a1 0>c3`. Move names repeat on almost every move, so listing them once keeps a
 * long game's link short.
 *
 * Decoding is for links from anywhere: anything malformed is refused, never an exception. A decoded
 * code is only well formed; whether the game has that many seats, offers those bots and can play those
 * moves is the page's and the player's to check.
 * @module
 */

/** Who plays a seat, as `<gridponder-match seats="…">` names them. */
export type MatchSeat = "human" | "random" | "alpha-beta" | "mcts";

/** A game in progress, as a link shares it. */
export interface SharedMatch {
  readonly seatCount: number;
  readonly seed: number;
  /** One per seat. */
  readonly seats: readonly MatchSeat[];
  /** The moves so far, as action keys. */
  readonly log: readonly string[];
}

/** A link may be long, but not a denial of service: logs beyond this are refused. */
export const MAX_SHARED_MOVES = 20_000;
/** The most seats a match game has. */
export const MAX_SHARED_SEATS = 8;
const MAX_CODE_LENGTH = 400_000;
const FORMAT = "1";

const SEAT_LETTERS: Readonly<Record<MatchSeat, string>> = {
  human: "h",
  random: "r",
  "alpha-beta": "a",
  mcts: "m",
};
const SEAT_OF: Readonly<Record<string, MatchSeat>> = { h: "human", r: "random", a: "alpha-beta", m: "mcts" };

/** A move name (a move's id in its game). */
const NAME = /^[A-Za-z0-9_-]+$/;
/** What follows a move's name in a key or a chained step: squares, a piece, choices. */
const REST = /^(?:@[a-z][0-9]+)?(?:>[a-z][0-9]+)?(?:#[0-9]+)?(?:=[A-Za-z0-9_,-]+)?$/;
const HEAD = /^([A-Za-z0-9_-]+?)((?:@|>|#|=).*)?$/;

/** A key split into its steps' move names and the rest of each step; `null` when it is not a key. */
function splitKey(key: string): { name: string; rest: string }[] | null {
  const steps: { name: string; rest: string }[] = [];
  for (const part of key.split(";")) {
    const m = HEAD.exec(part);
    const name = m?.[1];
    const rest = m?.[2] ?? "";
    if (name === undefined || !NAME.test(name) || !REST.test(rest)) return null;
    steps.push({ name, rest });
  }
  return steps;
}

/** The code of a game in progress. Throws for what no game produces (an action key that is not one). */
export function encodeMatch(match: SharedMatch): string {
  const names: string[] = [];
  const moves = match.log.map((key) => {
    const steps = splitKey(key);
    if (!steps) throw new Error(`not an action key: ${JSON.stringify(key)}`);
    return steps
      .map(({ name, rest }) => {
        let index = names.indexOf(name);
        if (index < 0) index = names.push(name) - 1;
        return `${index}${rest}`;
      })
      .join(";");
  });
  const seats = match.seats.map((s) => SEAT_LETTERS[s]).join("");
  const text = [FORMAT, match.seatCount, match.seed, seats, names.join(","), moves.join(" ")].join("~");
  return toBase64Url(text);
}

/** A match code read: the game it shares, or why there is none. */
export type ReadMatch =
  | { readonly match: SharedMatch }
  /** `unreadable`: not a code this page writes; `too-many`: more than {@link MAX_SHARED_MOVES} moves. */
  | { readonly error: "unreadable" | "too-many" };

/** Decodes a match code, saying why when it holds no game to open. */
export function readMatchCode(code: string): ReadMatch {
  if (code.length === 0 || code.length > MAX_CODE_LENGTH) return { error: "unreadable" };
  const text = fromBase64Url(code);
  if (text === null) return { error: "unreadable" };
  const fields = text.split("~");
  if (fields.length !== 6 || fields[0] !== FORMAT) return { error: "unreadable" };
  const [, countText = "", seedText = "", seatText = "", nameText = "", moveText = ""] = fields;
  if (!/^[1-9][0-9]?$/.test(countText) || !/^-?(?:0|[1-9][0-9]{0,15})$/.test(seedText))
    return { error: "unreadable" };
  const seatCount = Number(countText);
  const seed = Number(seedText);
  if (seatCount > MAX_SHARED_SEATS || !Number.isSafeInteger(seed)) return { error: "unreadable" };
  const seats = [...seatText].map((letter) => SEAT_OF[letter]);
  if (seats.length !== seatCount || seats.some((s) => s === undefined)) return { error: "unreadable" };
  const names = nameText === "" ? [] : nameText.split(",");
  if (names.some((n) => !NAME.test(n))) return { error: "unreadable" };
  const tokens = moveText === "" ? [] : moveText.split(" ");
  if (tokens.length > MAX_SHARED_MOVES) return { error: "too-many" };
  const log: string[] = [];
  for (const token of tokens) {
    const steps: string[] = [];
    for (const part of token.split(";")) {
      const m = /^([0-9]+)(.*)$/.exec(part);
      const name = m ? names[Number(m[1])] : undefined;
      const rest = m?.[2] ?? "";
      if (name === undefined || !REST.test(rest)) return { error: "unreadable" };
      steps.push(`${name}${rest}`);
    }
    log.push(steps.join(";"));
  }
  return { match: { seatCount, seed, seats: seats as MatchSeat[], log } };
}

/** Decodes a match code; `null` when it is not a valid code. */
export function decodeMatch(code: string): SharedMatch | null {
  const read = readMatchCode(code);
  return "match" in read ? read.match : null;
}

/**
 * The code in a location hash such as `#m=MX4y` (other hash parameters are ignored), else `null`; a
 * value that cannot be a code is `""`, so the page can tell "no link" from "a link it cannot read".
 */
export function matchCodeFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const code = params.get("m");
  if (code === null) return null;
  return /^[A-Za-z0-9_-]+$/.test(code) ? code : "";
}

/** The hash that shares `code`. */
export function matchHash(code: string): string {
  return `#m=${code}`;
}

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** base64url of an ASCII text, without padding. */
function toBase64Url(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i += 3) {
    const a = text.charCodeAt(i);
    const b = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
    const c = i + 2 < text.length ? text.charCodeAt(i + 2) : 0;
    const n = (a << 16) | (b << 8) | c;
    const chars = i + 2 < text.length ? 4 : i + 1 < text.length ? 3 : 2;
    for (let k = 0; k < chars; k++) out += DIGITS[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** The ASCII text of base64url (no padding); `null` for anything else, bytes outside printable ASCII included. */
function fromBase64Url(code: string): string | null {
  if (code.length % 4 === 1) return null;
  let out = "";
  for (let i = 0; i < code.length; i += 4) {
    const group = code.slice(i, i + 4);
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const v = k < group.length ? DIGITS.indexOf(group[k] as string) : 0;
      if (v < 0) return null;
      n |= v << (18 - 6 * k);
    }
    const bytes = [(n >> 16) & 255, (n >> 8) & 255, n & 255].slice(0, group.length - 1);
    for (const byte of bytes) {
      if (byte < 0x20 || byte > 0x7e) return null;
      out += String.fromCharCode(byte);
    }
  }
  return out;
}
