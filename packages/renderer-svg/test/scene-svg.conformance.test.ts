import { compilePack, type Pack } from "@gridponder/engine";
import { type CorpusPack, corpusPack, loadPack, ownPack, packFolders } from "@gridponder/test-corpus";
import { type Piece, type Scene, type SpriteRef, ViewController } from "@gridponder/view";
import { describe, expect, it } from "vitest";
import { escapeXml, sceneToSvg } from "../src/index.js";
import { elements, parseXml, type XmlElement } from "./xml.js";

const HOSTILE = `<script>alert("x")</script>'&`;
/** The elements a static drawing needs; nothing that runs code, styles the page or embeds foreign content. */
const DRAWING_ELEMENTS = new Set(["svg", "title", "rect", "path", "image", "text", "g"]);

function startScene(loaded: CorpusPack, levelId: string, pack: Pack = loaded.pack): Scene {
  return new ViewController(pack, levelId, { assets: loaded.assets }).scene;
}

function drawn(svg: string): XmlElement[] {
  return elements(parseXml(svg));
}

function paths(svg: string): XmlElement[] {
  return drawn(svg).filter((e) => e.name === "path");
}

const spriteUrl = (ref: SpriteRef) => `/a/${ref.collection ?? "pack"}/${ref.path}`;

describe("sceneToSvg on every corpus level", () => {
  it("draws each level's start as well-formed, static and compact SVG", async () => {
    const sizes: number[] = [];
    for (const { dir } of packFolders()) {
      const loaded = await loadPack(dir);
      for (const id of loaded.pack.levelOrder) {
        const scene = startScene(loaded, id);
        const svg = sceneToSvg(scene, { title: id });
        expect(sceneToSvg(scene, { title: id })).toBe(svg);
        const all = drawn(svg);
        const root = all[0];
        expect(root?.name).toBe("svg");
        expect(root?.attributes.viewBox).toBe(`0 0 ${scene.width * 16} ${scene.height * 16}`);
        for (const element of all) {
          expect(DRAWING_ELEMENTS.has(element.name), `${id}: <${element.name}>`).toBe(true);
          for (const name of Object.keys(element.attributes)) expect(name).not.toMatch(/^on|^style$/i);
        }
        // Without an assetUrl nothing is fetched: every piece is drawn from its colour and form.
        expect(all.some((e) => e.name === "image")).toBe(false);
        sizes.push(svg.length);
      }
    }
    expect(sizes.length).toBeGreaterThan(100);
    const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    // Thumbnails of a whole pack go into one page: a few kilobytes each, at most.
    expect(mean).toBeLessThan(3000);
    expect(Math.max(...sizes)).toBeLessThan(12_000);
  });
});

describe("sceneToSvg", () => {
  it("references sprites as images only when an assetUrl is given", async () => {
    const loaded = await corpusPack("box_builder");
    const scene = startScene(loaded, "bb_001");
    const withSprites = scene.pieces.flatMap((p) =>
      p.cells.filter((_, i) => (p.cellSprites?.[i] ?? p.appearance.sprite) !== null).map(() => p),
    );
    expect(withSprites.length).toBeGreaterThan(0);
    const images = drawn(sceneToSvg(scene, { assetUrl: spriteUrl })).filter((e) => e.name === "image");
    expect(images).toHaveLength(withSprites.length);
    for (const image of images)
      expect(image.attributes.href).toMatch(/^\/a\/(pack|gridponder-base)\/.+\.png$/);
    expect(drawn(sceneToSvg(scene)).filter((e) => e.name === "image")).toHaveLength(0);
  });

  it("writes piece text (numbers, labels) as text", async () => {
    const loaded = await corpusPack("number_cells");
    const scene = startScene(loaded, "nc_001");
    const expected = scene.pieces.map((p) => p.appearance.text).filter((t): t is string => t !== null);
    expect(expected.length).toBeGreaterThan(0);
    const texts = drawn(sceneToSvg(scene))
      .filter((e) => e.name === "text")
      .map((e) => e.text);
    expect(texts.sort()).toEqual(expected.sort());
  });

  it("draws nothing on void cells, not even a floor", async () => {
    const loaded = await corpusPack("box_builder");
    const scene = startScene(loaded, "bb_009");
    const d = paths(sceneToSvg(scene))
      .map((p) => p.attributes.d)
      .join("");
    let voids = 0;
    for (let y = 0; y < scene.height; y++)
      for (let x = 0; x < scene.width; x++) {
        const floor = `M${x * 16} ${y * 16}h16v16h-16z`;
        if (scene.void[y * scene.width + x]) {
          voids++;
          expect(d).not.toContain(floor);
        } else expect(d).toContain(floor);
      }
    expect(voids).toBeGreaterThan(0);
  });

  it("strokes outlines along their edges and the overlay cursor around its cells", async () => {
    const flood = startScene(await corpusPack("flood_colors"), "fl_001");
    const outline = flood.outlines[0];
    expect(outline).toBeDefined();
    const stroked = paths(sceneToSvg(flood)).filter((p) => p.attributes.stroke === outline?.color);
    expect(stroked.some((p) => (p.attributes.d ?? "").split("L").length - 1 === outline?.edges.length)).toBe(
      true,
    );

    const swipes = startScene(await corpusPack("diagonal_swipes"), "ds_001");
    const overlay = swipes.overlay;
    expect(overlay).not.toBeNull();
    const cursor = paths(sceneToSvg(swipes)).at(-1);
    expect(cursor?.attributes.stroke).toBe(overlay?.color);
    expect(cursor?.attributes.fill).toBe("none");
  });

  it("leaves out a hidden avatar and badges a carried item", async () => {
    const loaded = await ownPack("lantern-cellar");
    const scene = startScene(loaded, "lc01_bottom_step");
    const avatar = scene.avatar;
    if (!avatar) throw new Error("lantern-cellar has an avatar");
    const withoutAvatar: Scene = {
      ...scene,
      avatar: null,
      pieces: scene.pieces.filter((p) => p.role !== "avatar"),
    };
    expect(sceneToSvg({ ...scene, avatar: { ...avatar, visible: false } })).toBe(sceneToSvg(withoutAvatar));
    expect(sceneToSvg(scene)).not.toBe(sceneToSvg(withoutAvatar));

    const item = {
      kind: "key",
      name: "Key",
      appearance: { ...avatar.piece.appearance, color: "#123456", sprite: null },
    };
    const carrying = sceneToSvg({ ...scene, avatar: { ...avatar, item } });
    const badge = paths(carrying).slice(-2);
    expect(badge[0]?.attributes.opacity).toBe(".45");
    expect(badge[1]?.attributes.stroke).toBe("#123456");
  });

  it("scales with cellSize and leaves grid lines out when the theme does", async () => {
    const loaded = await corpusPack("twinseed");
    const scene = startScene(loaded, "tw_001");
    const root = parseXml(sceneToSvg(scene, { cellSize: 40 }));
    expect(root.attributes.viewBox).toBe(`0 0 ${scene.width * 40} ${scene.height * 40}`);
    expect(root.attributes.width).toBe(String(scene.width * 40));
    const gridColor = scene.theme.board.gridLineColor;
    const grid = (s: Scene) =>
      paths(sceneToSvg(s)).filter((p) => /^M[\d.]+ [\d.]+H/.test(p.attributes.d ?? ""));
    expect(grid(scene).map((p) => p.attributes.stroke)).toEqual(
      scene.theme.board.showGridLines ? [gridColor] : [],
    );
    const off: Scene = {
      ...scene,
      theme: { ...scene.theme, board: { ...scene.theme.board, showGridLines: false } },
    };
    expect(grid(off)).toEqual([]);
  });

  it("names the drawing with an escaped title, or marks it decorative", async () => {
    const scene = startScene(await corpusPack("twinseed"), "tw_001");
    const titled = parseXml(sceneToSvg(scene, { title: HOSTILE }));
    expect(titled.attributes.role).toBe("img");
    expect(titled.children[0]?.name).toBe("title");
    expect(titled.children[0]?.text).toBe(HOSTILE);
    expect(parseXml(sceneToSvg(scene)).attributes["aria-hidden"]).toBe("true");
  });
});

describe("untrusted pack text", () => {
  it("escapes a hostile label from the pack and never emits markup from it", async () => {
    const loaded = await corpusPack("diagonal_swipes");
    const { manifest, game, theme, levels } = loaded.pack;
    const kinds = structuredClone(game.entityKinds);
    const num1 = kinds.num_1;
    if (!num1?.display) throw new Error("diagonal_swipes has a num_1 label");
    num1.display.label = `"><script>alert('x')</script>`;
    const hostile = compilePack({
      manifest,
      game: { ...game, entityKinds: kinds },
      ...(theme ? { theme } : {}),
      levels,
    });
    const levelId = hostile.levelOrder.find((id) =>
      startScene(loaded, id, hostile).pieces.some((p) => p.kind === "num_1"),
    );
    if (!levelId) throw new Error("a diagonal_swipes level has a num_1");
    const svg = sceneToSvg(startScene(loaded, levelId, hostile), { title: hostile.manifest.title });
    expect(svg).not.toMatch(/<script/i);
    const texts = drawn(svg).filter((e) => e.name === "text");
    // Long labels are cut to fit a cell; what remains is the label's own text, as text.
    expect(texts.some((t) => `"><script>alert('x')</script>`.startsWith(t.text) && t.text.length >= 10)).toBe(
      true,
    );
  });

  it("escapes text, kind names and asset URLs, and keeps unsafe colours out of paint", async () => {
    const loaded = await ownPack("lantern-cellar");
    const scene = startScene(loaded, "lc01_bottom_step");
    const target = scene.pieces.find((p) => p.role === "entity") as Piece;
    const hostile: Piece = {
      ...target,
      kind: HOSTILE,
      name: HOSTILE,
      appearance: { ...target.appearance, text: HOSTILE, color: "url(javascript:alert(1))", sprite: null },
    };
    const svg = sceneToSvg(
      { ...scene, pieces: scene.pieces.map((p) => (p === target ? hostile : p)) },
      { title: HOSTILE, assetUrl: () => `x" onload="alert(1)` },
    );
    expect(svg).not.toMatch(/<script|onload="/i);
    const all = drawn(svg);
    expect(all.filter((e) => e.name === "text").map((e) => e.text)).toContain(
      Array.from(HOSTILE).slice(0, 12).join(""),
    );
    for (const image of all.filter((e) => e.name === "image"))
      expect(image.attributes.href).toBe(`x" onload="alert(1)`);
    for (const e of all) {
      expect(e.attributes.fill ?? "none").toMatch(/^(#[0-9a-f]{6}|none)$/);
      expect(e.attributes.stroke ?? "#000000").toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it("escapeXml leaves no markup and drops characters XML cannot hold", () => {
    expect(escapeXml(`<a href="x">&'\u0000\u001b</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;",
    );
  });
});
