/**
 * Word wrapping for pack prose (story screens, level guides): left to the terminal, lines break at
 * the pane's edge in the middle of a word.
 * @module
 */
import { displayWidth, graphemesOf, graphemeWidth } from "./display-width.js";

const TAB_STOP = 8;

/** The columns a run of spaces and tabs takes when it starts at column `from`. */
function blankWidth(blanks: string, from: number): number {
  let column = from;
  for (const c of blanks) column = c === "\t" ? (Math.floor(column / TAB_STOP) + 1) * TAB_STOP : column + 1;
  return column - from;
}

function wrapLine(line: string, width: number): string[] {
  const rows: string[] = [];
  let row = "";
  let used = 0;
  const breakRow = () => {
    rows.push(row);
    row = "";
    used = 0;
  };
  // Words sit at even indexes, the runs of blanks before them at odd ones.
  const parts = line.split(/([ \t]+)/);
  for (let i = 0; i < parts.length; i += 2) {
    const word = parts[i] as string;
    if (word === "") continue;
    const blanks = parts[i - 1] ?? "";
    const gap = blankWidth(blanks, used);
    const wide = displayWidth(word);
    if (used + gap + wide <= width) {
      row += blanks + word;
      used += gap + wide;
      continue;
    }
    // The blanks where the line breaks are dropped, so the next row starts with the word.
    if (row !== "") breakRow();
    if (wide <= width) {
      row = word;
      used = wide;
      continue;
    }
    for (const g of graphemesOf(word)) {
      const w = graphemeWidth(g);
      if (used + w > width && row !== "") breakRow();
      row += g;
      used += w;
    }
  }
  rows.push(row);
  return rows;
}

/**
 * Wraps text to `width` terminal columns at spaces and tabs, counting wide characters as two columns.
 * The text's own line breaks stay; a word wider than the pane is broken between characters. The text
 * should be escaped for the terminal first (`blockText`), so that what is measured is what is shown.
 */
export function wordWrap(text: string, width: number): string {
  const columns = Math.max(1, Math.floor(width));
  return text
    .split("\n")
    .flatMap((line) => wrapLine(line, columns))
    .join("\n");
}
