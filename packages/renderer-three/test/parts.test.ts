import { describe, expect, it } from "vitest";
import { countInstances, LABEL_BATCH, type PartContext, partsOf, SOLID_SIZE } from "../src/parts.js";
import { appearance, piece } from "./fixtures.js";

const context: PartContext = { seams: false, groundBody: "#404040" };
const sprite = { collection: "gridponder-base", path: "sprites/tiles/box_0.png" };

describe("partsOf", () => {
  it("draws a procedural ground piece as one tile body", () => {
    const parts = partsOf(
      piece("g", 1, 2, appearance("#336699", "flat"), "ground"),
      appearance("#336699", "flat"),
      context,
    );
    expect(parts).toHaveLength(1);
    expect(parts[0]?.batch).toMatchObject({ type: "solid", form: "ground", color: "#336699" });
    expect(parts[0]?.y).toBe(-SOLID_SIZE.ground[1]);
  });

  it("puts a ground sprite on the tile's top face over a plain body", () => {
    const look = appearance("#336699", "flat", { sprite });
    const parts = partsOf(piece("g", 0, 0, look, "ground"), look, context);
    expect(parts.map((p) => p.batch.type)).toEqual(["solid", "sprite"]);
    expect(parts[0]?.batch).toMatchObject({ color: "#404040" });
    expect(parts[1]).toMatchObject({ mode: "flat", batch: { orient: "flat" } });
  });

  it("stands a sprite up on its cell, and lays a flat-form sprite down", () => {
    const standing = appearance("#000000", "crate", { sprite });
    expect(partsOf(piece("b", 0, 0, standing), standing, context)[0]).toMatchObject({ mode: "standing" });
    const flat = appearance("#000000", "flat", { sprite });
    expect(partsOf(piece("m", 0, 0, flat), flat, context)[0]).toMatchObject({ mode: "flat" });
  });

  it("builds each form without a sprite, and labels text on a billboard", () => {
    for (const form of ["flat", "block", "crate", "orb", "tile", "figure"] as const) {
      const look = appearance("#ff0000", form, { text: "12" });
      const parts = partsOf(piece("n", 0, 0, look), look, context);
      expect(parts[0]?.batch).toMatchObject({ type: "solid", form });
      expect(parts[1]).toMatchObject({
        mode: "billboard",
        batch: LABEL_BATCH,
        label: { text: "12", style: "text" },
      });
      expect(parts[1]?.y).toBeGreaterThan(0);
    }
  });

  it("labels icons and emoji with their own styles", () => {
    const icon = appearance("#00ff00", "orb", { icon: "blur_on", display: "icon" });
    expect(partsOf(piece("i", 0, 0, icon), icon, context)[1]?.label).toMatchObject({
      style: "icon",
      text: "blur_on",
    });
    const emoji = appearance("#00ff00", "tile", { text: "🔥", display: "emoji" });
    expect(partsOf(piece("e", 0, 0, emoji), emoji, context)[1]?.label).toMatchObject({ style: "emoji" });
  });

  it("draws a multi-cell object per cell with its cell sprites, and its queue as one label", () => {
    const look = appearance("#888888", "tile");
    const pipe = piece("mco:pipe", 2, 0, look, "multi_cell", {
      cells: [
        [2, 0],
        [3, 0],
        [3, 1],
      ],
      cellSprites: [sprite, null, sprite],
      queue: [7, 5],
    });
    const parts = partsOf(pipe, look, context);
    expect(parts.filter((p) => p.label === undefined).map((p) => [p.mode, p.ox, p.oy])).toEqual([
      ["flat", 0, 0],
      ["solid", 1, 0],
      ["flat", 1, 1],
    ]);
    expect(parts.find((p) => p.label)?.label?.text).toBe("7 5");
  });

  it("writes a pipe's queue on the cells its items wait in: the next one out on the exit", () => {
    const look = appearance("#888888", "tile");
    const cells = [
      [0, 0],
      [1, 0],
      [2, 0],
    ] as const;
    // Exit at (2,0): 7 leaves next, 5 waits behind it, the first cell is empty.
    const pipe = piece("mco:pipe", 0, 0, look, "multi_cell", {
      cells,
      queue: [7, 5],
      queueCells: [null, 5, 7],
    });
    const labels = partsOf(pipe, look, context).filter((p) => p.label);
    expect(labels.map((p) => [p.label?.text, p.ox, p.oy])).toEqual([
      ["5", 1, 0],
      ["7", 2, 0],
    ]);
    // More items than cells: the count of those waiting out of sight goes on the cell farthest from the exit.
    const full = piece("mco:pipe", 0, 0, look, "multi_cell", {
      cells,
      queue: [7, 5, 3, 1, 9],
      queueCells: [3, 5, 7],
    });
    expect(
      partsOf(full, look, context)
        .filter((p) => p.label)
        .map((p) => [p.label?.text, p.ox]),
    ).toEqual([
      ["3 +2", 0],
      ["5", 1],
      ["7", 2],
    ]);
  });

  it("raises a ground kind drawn as a tile above a darker base, so a sunk crate reads as a bridge", () => {
    const look = appearance("#5c4631", "flat", { display: "tile" });
    const parts = partsOf(piece("stepping_crate", 0, 0, look, "ground"), look, context);
    expect(parts.map((p) => (p.batch.type === "solid" ? p.batch.form : p.batch.type))).toEqual([
      "ground",
      "crate",
    ]);
    const [base, slab] = parts;
    expect(slab?.y).toBe(0);
    expect(slab?.sy).toBeGreaterThan(0.05);
    const brightness = (hex: string) =>
      Number.parseInt(hex.slice(1, 3), 16) + Number.parseInt(hex.slice(3, 5), 16);
    if (base?.batch.type !== "solid" || slab?.batch.type !== "solid") throw new Error("not solids");
    expect(brightness(base.batch.color)).toBeLessThan(brightness("#5c4631"));
    expect(brightness(slab.batch.color)).toBeGreaterThan(brightness("#5c4631"));
  });

  it("rings a selected piece and badges the avatar's item", () => {
    const look = appearance("#123456", "tile");
    const selected = partsOf(piece("s", 0, 0, look, "multi_cell", { selected: true }), look, context);
    expect(selected.some((p) => p.batch.type === "solid" && p.batch.form === "ring")).toBe(true);
    const avatarLook = appearance("#ffffff", "flat");
    const item = appearance("#ffcc00", "orb", { text: "K" });
    const parts = partsOf(piece("avatar", 1, 1, avatarLook, "avatar"), avatarLook, context, item);
    expect(parts[0]?.batch).toMatchObject({ form: "figure" });
    expect(parts.filter((p) => p.y > SOLID_SIZE.figure[1])).toHaveLength(2);
  });
});

describe("instance grouping", () => {
  it("shares one batch per distinct look: 500 pieces of 8 looks and a 64x64 ground stay few batches", () => {
    const colors = ["#e53935", "#1e88e5", "#ffd600", "#fb8c00", "#8e24aa", "#00897b", "#6d4c41", "#9e9e9e"];
    const lists = [];
    const ground = appearance("#445544", "flat");
    for (let y = 0; y < 64; y++)
      for (let x = 0; x < 64; x++)
        lists.push(partsOf(piece(`g@${x},${y}`, x, y, ground, "ground"), ground, context));
    for (let i = 0; i < 500; i++) {
      const look = appearance(colors[i % 8] ?? "#000000", i % 2 ? "crate" : "orb", { text: String(i % 4) });
      lists.push(partsOf(piece(`o${i}`, i % 64, Math.floor(i / 64), look), look, context));
    }
    const batches = countInstances(lists);
    // 1 ground body + 8 colour/form looks + 1 label batch.
    expect(batches.size).toBe(10);
    expect([...batches.values()].reduce((n, b) => n + b.count, 0)).toBe(64 * 64 + 500 * 2);
    expect(batches.get("label")?.count).toBe(500);
  });

  it("separates looks that draw differently even under one appearance key", () => {
    const a = appearance("#ff0000", "tile");
    const b = { ...a, mirror: true, sprite };
    const c = { ...a, opacity: 0.5 };
    const keys = new Set(
      [a, b, c].map((look) => partsOf(piece("x", 0, 0, look), look, context)[0]?.batch.key),
    );
    expect(keys.size).toBe(3);
  });
});
