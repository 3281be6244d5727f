/**
 * The studio's autosave: every project (a pack being edited) kept in IndexedDB, its current state
 * written on every edit, and up to {@link MAX_SNAPSHOTS} snapshots of each to go back to. Nothing is
 * ever lost by a restore: the state it replaces is snapshotted first.
 *
 * Records are read defensively: a value that is not what the studio wrote (another version, a damaged
 * database) counts as absent and never throws. Storage failures (quota, a browser refusing IndexedDB)
 * do reject, so the UI can say the work was not saved.
 * @module
 */
import { dictionary, type PackFiles } from "@gridponder/schema";
import { createStore, delMany, get, getMany, keys, setMany, type UseStore, update } from "idb-keyval";

/** A project as stored: the pack's files and what the project list shows. */
export interface StoredProject {
  id: string;
  title: string;
  files: PackFiles;
  updatedAt: number;
  /** Where the pack came from (a catalog level, a zip, a template), for the UI to show. */
  origin?: string;
}

export interface ProjectSummary {
  id: string;
  title: string;
  updatedAt: number;
}

export interface SnapshotSummary {
  at: number;
  title: string;
}

export interface ProjectStoreOptions {
  /** The idb-keyval store to use; the studio's own database by default (tests pass their own). */
  store?: UseStore;
  /** The clock stamping saves and snapshots; `Date.now` by default. */
  now?: () => number;
}

/** Snapshots kept per project: the oldest is dropped past this. */
export const MAX_SNAPSHOTS = 20;

interface StoredSnapshot {
  at: number;
  title: string;
  files: PackFiles;
  origin?: string;
}

// Keys are arrays so a project id can never collide with another record's key.
const projectKey = (id: string): IDBValidKey => ["project", id];
const summaryKey = (id: string): IDBValidKey => ["summary", id];
const snapshotsKey = (id: string): IDBValidKey => ["snapshots", id];

/** A fresh project id (a random UUID). */
export function newProjectId(): string {
  // randomUUID exists only in secure contexts; a catalog served over plain http still needs ids.
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The files of a record, on a prototype-free record, or `undefined` when they are not pack files. */
function readFiles(value: unknown): PackFiles | undefined {
  if (!isRecord(value)) return undefined;
  const files: PackFiles = dictionary();
  for (const [path, content] of Object.entries(value)) {
    if (typeof content !== "string" && !(content instanceof Uint8Array)) return undefined;
    files[path] = content;
  }
  return files;
}

function isTime(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function readProject(value: unknown, id: string): StoredProject | undefined {
  if (!isRecord(value) || value.id !== id || typeof value.title !== "string" || !isTime(value.updatedAt))
    return undefined;
  const files = readFiles(value.files);
  if (!files) return undefined;
  const project: StoredProject = { id, title: value.title, files, updatedAt: value.updatedAt };
  if (typeof value.origin === "string") project.origin = value.origin;
  return project;
}

function readSummary(value: unknown, id: string): ProjectSummary | undefined {
  if (!isRecord(value) || value.id !== id || typeof value.title !== "string" || !isTime(value.updatedAt))
    return undefined;
  return { id, title: value.title, updatedAt: value.updatedAt };
}

function readSnapshots(value: unknown): StoredSnapshot[] {
  if (!Array.isArray(value)) return [];
  const snapshots: StoredSnapshot[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || !isTime(entry.at) || typeof entry.title !== "string") continue;
    const files = readFiles(entry.files);
    if (!files) continue;
    const snapshot: StoredSnapshot = { at: entry.at, title: entry.title, files };
    if (typeof entry.origin === "string") snapshot.origin = entry.origin;
    snapshots.push(snapshot);
  }
  return snapshots;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function sameFiles(a: PackFiles, b: PackFiles): boolean {
  const paths = Object.keys(a);
  if (paths.length !== Object.keys(b).length) return false;
  return paths.every((path) => {
    const x = a[path];
    const y = Object.hasOwn(b, path) ? b[path] : undefined;
    if (typeof x === "string" || typeof y === "string") return x === y;
    return x !== undefined && y !== undefined && sameBytes(x, y);
  });
}

function sameState(a: StoredSnapshot, b: StoredSnapshot): boolean {
  return a.title === b.title && a.origin === b.origin && sameFiles(a.files, b.files);
}

export class ProjectStore {
  private readonly store: UseStore;
  private readonly now: () => number;

  constructor(options: ProjectStoreOptions = {}) {
    this.store = options.store ?? createStore("gridponder-studio", "projects");
    this.now = options.now ?? Date.now;
  }

  /** Every project, newest first. */
  async list(): Promise<ProjectSummary[]> {
    const ids = (await keys(this.store)).flatMap((key) =>
      Array.isArray(key) && key.length === 2 && key[0] === "summary" && typeof key[1] === "string"
        ? [key[1]]
        : [],
    );
    const values = await getMany(ids.map(summaryKey), this.store);
    const summaries = ids.flatMap((id, i) => readSummary(values[i], id) ?? []);
    return summaries.sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : 1));
  }

  /** The current state of a project, or `undefined` when there is none (or it is unreadable). */
  async load(id: string): Promise<StoredProject | undefined> {
    return readProject(await get(projectKey(id), this.store), id);
  }

  /** Writes a project's current state (on every edit); the project list shows it at once. */
  async save(project: StoredProject): Promise<void> {
    const summary: ProjectSummary = { id: project.id, title: project.title, updatedAt: project.updatedAt };
    await setMany(
      [
        [projectKey(project.id), project],
        [summaryKey(project.id), summary],
      ],
      this.store,
    );
  }

  /** Appends the project's saved state to its snapshots, unless it equals the latest one. */
  async snapshot(id: string): Promise<void> {
    const current = await this.load(id);
    if (current) await this.append(id, current);
  }

  private async append(id: string, project: StoredProject): Promise<void> {
    const now = this.now();
    await update(
      snapshotsKey(id),
      (old: unknown) => {
        const snapshots = readSnapshots(old);
        const last = snapshots.at(-1);
        const next: StoredSnapshot = {
          // Strictly increasing, so that a snapshot's time names it even on a coarse clock.
          at: last && last.at >= now ? last.at + 1 : now,
          title: project.title,
          files: project.files,
        };
        if (project.origin !== undefined) next.origin = project.origin;
        if (last && sameState(last, next)) return snapshots;
        return [...snapshots, next].slice(-MAX_SNAPSHOTS);
      },
      this.store,
    );
  }

  /** A project's snapshots, oldest first. */
  async snapshots(id: string): Promise<SnapshotSummary[]> {
    return readSnapshots(await get(snapshotsKey(id), this.store)).map(({ at, title }) => ({ at, title }));
  }

  /**
   * Makes the snapshot taken at `at` the project's current state, after snapshotting the state it
   * replaces. Returns the restored project, or `undefined` when there is no such snapshot.
   */
  async restore(id: string, at: number): Promise<StoredProject | undefined> {
    const chosen = readSnapshots(await get(snapshotsKey(id), this.store)).findLast((s) => s.at === at);
    if (!chosen) return undefined;
    await this.snapshot(id);
    const restored: StoredProject = { id, title: chosen.title, files: chosen.files, updatedAt: this.now() };
    if (chosen.origin !== undefined) restored.origin = chosen.origin;
    await this.save(restored);
    return restored;
  }

  /** Deletes a project and its snapshots; other records in the database are left alone. */
  async remove(id: string): Promise<void> {
    await delMany([projectKey(id), summaryKey(id), snapshotsKey(id)], this.store);
  }
}
