/**
 * Undo and redo over an immutable document: each step keeps the whole value before and after it,
 * which is cheap because edits share every part they did not touch.
 * @module
 */

/** One undoable step. */
interface Step<T> {
  label: string;
  before: T;
  after: T;
}

/** Options of an {@link EditHistory}. */
export interface EditHistoryOptions<T> {
  /** The most steps kept; the oldest go first. Default 500. */
  limit?: number;
  /** When two values are the same document (no step is recorded). Default `Object.is`. */
  equals?: (a: T, b: T) => boolean;
}

/** The default number of undo steps kept. */
export const DEFAULT_HISTORY_LIMIT = 500;

/**
 * The studio's undo history. `apply` records a step; between `begin` and the matching `end` every
 * `apply` only moves `current`, and the whole group becomes one step (one paint stroke, one undo).
 */
export class EditHistory<T> {
  #current: T;
  #undo: Step<T>[] = [];
  #redo: Step<T>[] = [];
  #group: { label: string; before: T } | undefined;
  #depth = 0;
  readonly #limit: number;
  readonly #equals: (a: T, b: T) => boolean;
  readonly #listeners = new Set<() => void>();

  constructor(initial: T, options: EditHistoryOptions<T> = {}) {
    const limit = options.limit ?? DEFAULT_HISTORY_LIMIT;
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError("the history limit must be a whole number from 1");
    this.#current = initial;
    this.#limit = limit;
    this.#equals = options.equals ?? Object.is;
  }

  /** The document as it is now. */
  get current(): T {
    return this.#current;
  }

  get canUndo(): boolean {
    return this.#undo.length > 0 || this.#openGroupChanged();
  }

  get canRedo(): boolean {
    return this.#redo.length > 0 && this.#group === undefined;
  }

  /** The label of the step `undo` would revert ("paint wall"), or undefined. */
  get undoLabel(): string | undefined {
    if (this.#openGroupChanged()) return this.#group?.label;
    return this.#undo.at(-1)?.label;
  }

  /** The label of the step `redo` would repeat, or undefined. */
  get redoLabel(): string | undefined {
    return this.canRedo ? this.#redo.at(-1)?.label : undefined;
  }

  /** Numbers of steps on each side, for tests and the UI. */
  get size(): { undo: number; redo: number } {
    return { undo: this.#undo.length, redo: this.#redo.length };
  }

  /** Whether a group is open. */
  get grouping(): boolean {
    return this.#group !== undefined;
  }

  /** Makes `next` the current document, as one step named `label` (or part of the open group). */
  apply(next: T, label: string): void {
    if (this.#equals(next, this.#current)) return;
    const before = this.#current;
    this.#current = next;
    if (this.#group === undefined) this.#push({ label, before, after: next });
    this.#notify();
  }

  /** Opens a group; nested groups join the outermost one, whose label names the step. */
  begin(label: string): void {
    if (this.#depth === 0) this.#group = { label, before: this.#current };
    this.#depth++;
  }

  /** Closes a group; the outermost `end` records the group as one step if it changed anything. */
  end(): void {
    if (this.#depth === 0) return;
    this.#depth--;
    if (this.#depth === 0) this.#closeGroup();
  }

  /** Reverts the last step (closing an open group first). */
  undo(): boolean {
    this.#forceClose();
    const step = this.#undo.pop();
    if (!step) return false;
    this.#redo.push(step);
    this.#current = step.before;
    this.#notify();
    return true;
  }

  /** Repeats the last undone step. */
  redo(): boolean {
    this.#forceClose();
    const step = this.#redo.pop();
    if (!step) return false;
    this.#undo.push(step);
    this.#current = step.after;
    this.#notify();
    return true;
  }

  /** Starts over from `value` with no steps (a newly opened pack). */
  reset(value: T): void {
    this.#current = value;
    this.#undo = [];
    this.#redo = [];
    this.#group = undefined;
    this.#depth = 0;
    this.#notify();
  }

  /** Calls `listener` after every change of `current` or of the steps; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #openGroupChanged(): boolean {
    return this.#group !== undefined && !this.#equals(this.#group.before, this.#current);
  }

  #forceClose(): void {
    if (this.#depth === 0) return;
    this.#depth = 0;
    this.#closeGroup();
  }

  #closeGroup(): void {
    const group = this.#group;
    this.#group = undefined;
    if (group && !this.#equals(group.before, this.#current)) {
      this.#push({ label: group.label, before: group.before, after: this.#current });
      this.#notify();
    }
  }

  #push(step: Step<T>): void {
    this.#undo.push(step);
    if (this.#undo.length > this.#limit) this.#undo.splice(0, this.#undo.length - this.#limit);
    this.#redo = [];
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
