/**
 * The board as a table for screen readers (visually hidden): a row per board row, a cell per board
 * cell, each saying what is there (the view's `boardWords`). Kept up to date after every turn; only
 * the cells whose words changed are touched, so a screen reader reading the table is not disturbed.
 * @module
 */
import { el } from "./dom.js";

export class BoardText {
  /** A box clipped to nothing (a table would grow to its content), holding the table. */
  readonly root: HTMLDivElement;
  readonly #table: HTMLTableElement;
  #cells: HTMLTableCellElement[][] = [];

  constructor() {
    this.root = el("div", "gp-board-text");
    this.#table = el("table");
    this.root.append(this.#table);
  }

  show(rows: readonly (readonly string[])[]): void {
    const width = rows[0]?.length ?? 0;
    if (rows.length !== this.#cells.length || width !== (this.#cells[0]?.length ?? 0))
      this.#build(rows.length, width);
    for (let y = 0; y < rows.length; y++) {
      const row = rows[y] ?? [];
      for (let x = 0; x < row.length; x++) {
        const cell = this.#cells[y]?.[x];
        const words = row[x] ?? "";
        if (cell && cell.textContent !== words) cell.textContent = words;
      }
    }
  }

  #build(height: number, width: number): void {
    const caption = el("caption", undefined, `The board: ${width} columns, ${height} rows`);
    const head = el("tr");
    head.append(el("td"));
    for (let x = 0; x < width; x++) {
      const th = el("th", undefined, `Column ${x + 1}`);
      th.scope = "col";
      head.append(th);
    }
    const body = el("tbody");
    this.#cells = [];
    for (let y = 0; y < height; y++) {
      const tr = el("tr");
      const th = el("th", undefined, `Row ${y + 1}`);
      th.scope = "row";
      tr.append(th);
      const cells: HTMLTableCellElement[] = [];
      for (let x = 0; x < width; x++) cells.push(el("td"));
      tr.append(...cells);
      body.append(tr);
      this.#cells.push(cells);
    }
    const thead = el("thead");
    thead.append(head);
    this.#table.replaceChildren(caption, thead, body);
  }
}
