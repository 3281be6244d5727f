/**
 * A key press: one printable character (`"a"`, `"1"`), or a named key: `up`, `down`, `left`, `right`,
 * `enter`, `space`, `escape`, `ctrl-c`, `ctrl-d`. Names are longer than one character, so the two
 * never collide.
 */
export type Key = string;

const ARROWS: Record<string, Key> = { A: "up", B: "down", C: "right", D: "left" };
const ESC = "\u001b";

/**
 * Turns terminal input into key presses. Arrow keys arrive as `ESC [ A` (or `ESC O A` in application
 * mode); a piped stream may split such a sequence across chunks, so an unfinished one is kept for the
 * next chunk.
 */
export class KeyDecoder {
  private pending = "";

  /** Decodes a chunk; an escape sequence cut off at its end waits for the next chunk. */
  push(text: string): Key[] {
    const input = this.pending + text;
    this.pending = "";
    const keys: Key[] = [];
    let i = 0;
    while (i < input.length) {
      const c = input[i] as string;
      if (c === ESC) {
        const consumed = this.escape(input, i, keys);
        if (consumed === 0) {
          this.pending = input.slice(i);
          break;
        }
        i += consumed;
        continue;
      }
      i += 1;
      if (c === "\r") {
        if (input[i] === "\n") i += 1;
        keys.push("enter");
      } else if (c === "\n") keys.push("enter");
      else if (c === " ") keys.push("space");
      else if (c === "\u0003") keys.push("ctrl-c");
      else if (c === "\u0004") keys.push("ctrl-d");
      else if (c >= " " && c !== "\u007f") keys.push(c);
    }
    return keys;
  }

  /** Ends the input: an unfinished escape sequence counts as the Escape key. */
  end(): Key[] {
    const rest = this.pending;
    this.pending = "";
    if (rest === "") return [];
    return ["escape", ...this.push(rest.slice(1))];
  }

  /** Decodes the escape sequence at `i`; returns how many characters it used, 0 when it is unfinished. */
  private escape(input: string, i: number, keys: Key[]): number {
    const next = input[i + 1];
    if (next === undefined) return 0;
    if (next !== "[" && next !== "O") {
      keys.push("escape");
      return 1;
    }
    // A control sequence: parameter bytes (digits, `;`) and then one final byte, such as `A` or `~`.
    let j = i + 2;
    while (j < input.length && /[0-9;]/.test(input[j] as string)) j++;
    const final = input[j];
    if (final === undefined) return 0;
    const arrow = ARROWS[final];
    if (arrow) keys.push(arrow);
    return j - i + 1;
  }
}

/** The names `KeyboardEvent.key` gives the named keys, which the view's input model reads. */
const KEYBOARD_NAMES: ReadonlyMap<Key, string> = new Map([
  ["up", "ArrowUp"],
  ["down", "ArrowDown"],
  ["left", "ArrowLeft"],
  ["right", "ArrowRight"],
  ["enter", "Enter"],
  ["space", " "],
  ["escape", "Escape"],
]);

/** A key press as `KeyboardEvent.key` would name it (`up` → `ArrowUp`; characters stay themselves). */
export function keyboardKey(key: Key): string {
  return KEYBOARD_NAMES.get(key) ?? key;
}
