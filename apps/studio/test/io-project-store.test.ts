import "fake-indexeddb/auto";
import { createStore, get, set, type UseStore } from "idb-keyval";
import { beforeEach, describe, expect, it } from "vitest";
import { MAX_SNAPSHOTS, newProjectId, ProjectStore, type StoredProject } from "../src/io/project-store.js";
import { readPack, tinyPack } from "./io-fixtures.js";

let databases = 0;
let store: UseStore;
let clock: number;
let projects: ProjectStore;

beforeEach(() => {
  // A database per test: no test sees another's records.
  store = createStore(`studio-test-${++databases}`, "projects");
  clock = 1000;
  projects = new ProjectStore({ store, now: () => clock });
});

function project(id: string, title: string, files = tinyPack(), updatedAt = clock): StoredProject {
  return { id, title, files, updatedAt };
}

/** Saves `title` as the project's state at a later time, as an edit would. */
async function edit(id: string, title: string): Promise<void> {
  clock += 10;
  await projects.save(
    project(id, title, { ...tinyPack(), "levels/a.json": `{ "id": "a", "v": "${title}" }` }),
  );
}

describe("ProjectStore", () => {
  it("saves and loads a real pack, its binary assets intact", async () => {
    const files = await readPack("crate-keep");
    await projects.save({ ...project("p1", "Crate Keep", files), origin: "catalog:crate-keep" });
    const loaded = await new ProjectStore({ store }).load("p1");
    expect(loaded?.origin).toBe("catalog:crate-keep");
    expect(loaded?.files).toEqual(files);
    const svg = loaded?.files["assets/cover.svg"];
    expect(svg).toBeInstanceOf(Uint8Array);
    expect(Object.getPrototypeOf(loaded?.files)).toBeNull();
  });

  it("lists projects newest first, and a save moves a project to the top", async () => {
    await projects.save(project("a", "A", tinyPack(), 1));
    await projects.save(project("b", "B", tinyPack(), 3));
    await projects.save(project("c", "C", tinyPack(), 2));
    expect((await projects.list()).map((p) => p.id)).toEqual(["b", "c", "a"]);
    await projects.save(project("a", "A2", tinyPack(), 4));
    expect(await projects.list()).toEqual([
      { id: "a", title: "A2", updatedAt: 4 },
      { id: "b", title: "B", updatedAt: 3 },
      { id: "c", title: "C", updatedAt: 2 },
    ]);
  });

  it("keeps the last 20 snapshots and does not repeat an unchanged state", async () => {
    for (let i = 0; i < 25; i++) {
      await edit("p", `v${i}`);
      await projects.snapshot("p");
      await projects.snapshot("p");
    }
    const snaps = await projects.snapshots("p");
    expect(snaps).toHaveLength(MAX_SNAPSHOTS);
    expect(snaps.map((s) => s.title)).toEqual(Array.from({ length: 20 }, (_, i) => `v${i + 5}`));
    expect(snaps.map((s) => s.at)).toEqual([...snaps.map((s) => s.at)].sort((a, b) => a - b));
  });

  it("names snapshots by strictly increasing times even when the clock stands still", async () => {
    await edit("p", "one");
    await projects.snapshot("p");
    clock -= 10; // a clock that went backwards
    await edit("p", "two");
    await projects.snapshot("p");
    const [first, second] = await projects.snapshots("p");
    expect(second?.at).toBeGreaterThan(first?.at ?? Number.POSITIVE_INFINITY);
  });

  it("restores a snapshot and can undo the restore: nothing is lost", async () => {
    await edit("p", "first");
    await projects.snapshot("p");
    const [first] = await projects.snapshots("p");
    await edit("p", "unsnapshotted work");
    const restored = await projects.restore("p", first?.at ?? -1);
    expect(restored?.title).toBe("first");
    expect((await projects.load("p"))?.files["levels/a.json"]).toContain('"v": "first"');
    const after = await projects.snapshots("p");
    expect(after.map((s) => s.title)).toEqual(["first", "unsnapshotted work"]);
    await projects.restore("p", after[1]?.at ?? -1);
    expect((await projects.load("p"))?.title).toBe("unsnapshotted work");
    expect((await projects.list())[0]?.title).toBe("unsnapshotted work");
  });

  it("restores nothing for an unknown snapshot time", async () => {
    await edit("p", "only");
    expect(await projects.restore("p", 12345)).toBeUndefined();
    expect((await projects.load("p"))?.title).toBe("only");
  });

  it("removes a project and its snapshots, and nothing else", async () => {
    await edit("p", "x");
    await projects.snapshot("p");
    await edit("q", "y");
    await set("someone-else", "keep me", store);
    await projects.remove("p");
    expect(await projects.load("p")).toBeUndefined();
    expect(await projects.snapshots("p")).toEqual([]);
    expect((await projects.list()).map((p) => p.id)).toEqual(["q"]);
    expect(await get("someone-else", store)).toBe("keep me");
  });

  it("treats corrupted records as absent, never throwing", async () => {
    await edit("good", "Good");
    await set(["project", "bad"], { id: "bad", title: 5, files: {}, updatedAt: 1 }, store);
    await set(["summary", "bad"], "not a summary", store);
    await set(
      ["project", "files"],
      { id: "files", title: "t", files: { "a.json": 42 }, updatedAt: 1 },
      store,
    );
    await set(["summary", "other-id"], { id: "elsewhere", title: "t", updatedAt: 1 }, store);
    await set(["summary", "nan"], { id: "nan", title: "t", updatedAt: Number.NaN }, store);
    await set(
      ["snapshots", "good"],
      [null, 7, { at: "x" }, { at: 5, title: "ok", files: { "m.json": "{}" } }],
      store,
    );
    await set(["snapshots", "junk"], { not: "an array" }, store);
    await set("stray-key", 1, store);
    await set(["summary"], 1, store);

    expect((await projects.list()).map((p) => p.id)).toEqual(["good"]);
    expect(await projects.load("bad")).toBeUndefined();
    expect(await projects.load("files")).toBeUndefined();
    expect(await projects.snapshots("good")).toEqual([{ at: 5, title: "ok" }]);
    expect(await projects.snapshots("junk")).toEqual([]);
    await projects.snapshot("bad");
    expect(await projects.snapshots("bad")).toEqual([]);
    await projects.snapshot("junk");
    expect(await projects.restore("junk", 5)).toBeUndefined();
    // Snapshotting over a damaged list keeps its readable entries.
    await projects.snapshot("good");
    expect((await projects.snapshots("good")).map((s) => s.title)).toEqual(["ok", "Good"]);
    expect((await projects.restore("good", 5))?.files).toEqual({ "m.json": "{}" });
  });

  it("keeps pack text and ids literally, __proto__ included", async () => {
    const files = { ...tinyPack(), "levels/__proto__.json": "<script>alert(1)</script>" };
    await projects.save(project("__proto__", "<img src=x onerror=alert(1)>", files));
    const loaded = await projects.load("__proto__");
    expect(loaded?.title).toBe("<img src=x onerror=alert(1)>");
    expect(Object.hasOwn(loaded?.files ?? {}, "levels/__proto__.json")).toBe(true);
    expect((await projects.list())[0]?.id).toBe("__proto__");
  });

  it("makes distinct project ids, also where randomUUID is missing (insecure contexts)", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const ids = new Set(Array.from({ length: 100 }, () => newProjectId()));
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
      for (let i = 0; i < 100; i++) ids.add(newProjectId());
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: randomUUID, configurable: true });
    }
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(uuid);
  });
});
