import { Int32List } from "../../tables/int32-list.js";

/** No depth at all (see `Buckets.firstAt`): beyond every depth a search reaches. */
export const NONE = 0xffff;

/** Slots listed by depth plus estimate (`f`) and depth (`g`), for the best-first search. */
export class Buckets {
  private readonly lists: (Int32List | undefined)[][] = [];

  add(f: number, g: number, slot: number): void {
    const row = this.lists[f] ?? [];
    this.lists[f] = row;
    let list = row[g];
    if (list === undefined) {
      list = new Int32List(64);
      row[g] = list;
    }
    list.push(slot);
  }

  /** The slots listed at (f, g), taken out; `null` when none. */
  take(f: number, g: number): Int32Array | null {
    const row = this.lists[f];
    const list = row?.[g];
    if (row === undefined || list === undefined) return null;
    row[g] = undefined;
    return list.view();
  }

  /** The slots listed at (f, g), left in place (valid until the next change); `null` when none. */
  peek(f: number, g: number): Int32Array | null {
    return this.lists[f]?.[g]?.view() ?? null;
  }

  /** The least depth from `g` with slots listed at total `f` (`NONE`: none). */
  firstAt(f: number, g: number): number {
    const row = this.lists[f];
    if (row !== undefined) for (let i = g; i < row.length; i++) if (row[i] !== undefined) return i;
    return NONE;
  }

  /** How many slots are listed at total `f` (some may be listed twice, or expanded already). */
  countAt(f: number): number {
    let n = 0;
    for (const list of this.lists[f] ?? []) n += list?.count ?? 0;
    return n;
  }

  /** Whether nothing is listed at `f` or beyond. */
  emptyFrom(f: number): boolean {
    for (let i = f; i < this.lists.length; i++) if (this.lists[i]?.some((l) => l !== undefined)) return false;
    return true;
  }
}
