import type { Appearance, Cell, Form, Piece, SpriteRef } from "@gridponder/view";
import { shadeHex } from "./color.js";

type QueueItem = NonNullable<Piece["queue"]>[number];

/**
 * How pieces become instances: every piece is a few parts (its body per covered cell, a label, a
 * selection ring, the avatar's badge), and every part belongs to a batch drawn as one InstancedMesh.
 * Batches are keyed by what makes them draw differently, so equal appearances share one draw call.
 * Pure data: the three.js side only realises these specs.
 */

/** Procedural geometries: the view's forms plus the ground tile and the selection ring. */
export type Solid = Form | "ground" | "ring";

export type BatchSpec =
  | {
      readonly type: "solid";
      readonly key: string;
      readonly form: Solid;
      readonly color: string;
      readonly opacity: number;
      /** Drawn faintly over what stands in front of it (the avatar's see-through outline). */
      readonly ghost?: boolean;
    }
  | {
      readonly type: "sprite";
      readonly key: string;
      readonly sprite: SpriteRef;
      readonly mirror: boolean;
      readonly tint: string | null;
      readonly opacity: number;
      /** Upright and facing the camera, or lying on the surface below it. */
      readonly orient: "standing" | "flat";
      /** Drawn faintly over what stands in front of it (the avatar's see-through outline). */
      readonly ghost?: boolean;
    }
  | { readonly type: "label"; readonly key: "label" };

/** How a part is placed relative to its piece's pose. */
export type PartMode = "solid" | "standing" | "flat" | "billboard";

export type LabelStyle = "text" | "emoji" | "icon";

export interface LabelSpec {
  readonly text: string;
  readonly style: LabelStyle;
  /** The colour the label sits on, for choosing a readable ink. */
  readonly background: string;
}

export interface PartSpec {
  readonly batch: BatchSpec;
  readonly mode: PartMode;
  /** Offset of the part's cell from the piece's anchor, in cells. */
  readonly ox: number;
  readonly oy: number;
  /** Height of the part's base above the ground's top face. */
  readonly y: number;
  readonly sx: number;
  readonly sy: number;
  readonly sz: number;
  /** Whether the part turns with the pose's `turn` and the avatar's facing. */
  readonly spins: boolean;
  readonly label?: LabelSpec;
}

/** Width, height, depth and base height of each procedural form, in cells. */
export const SOLID_SIZE: Readonly<Record<Solid, readonly [w: number, h: number, d: number, base: number]>> = {
  ground: [1, 0.22, 1, -0.22],
  flat: [0.9, 0.06, 0.9, 0],
  block: [0.94, 0.8, 0.94, 0],
  crate: [0.74, 0.74, 0.74, 0],
  tile: [0.82, 0.34, 0.82, 0],
  orb: [0.56, 0.56, 0.56, 0.16],
  figure: [0.5, 0.92, 0.5, 0],
  ring: [1, 0.03, 1, 0.005],
};

/** Width and height of the slab a ground kind drawn as a tile raises above its cell. */
const SLAB = [0.86, 0.12] as const;

/** A standing sprite fills its cell's width; it is stretched by 1/cos(30°) so it looks square on screen. */
const SPRITE_WIDTH = 1;
const SPRITE_HEIGHT = 1 / Math.cos(Math.PI / 6);

/** The top of a part's body: where labels and badges go. */
export function topOf(form: Solid): number {
  const [, h, , base] = SOLID_SIZE[form];
  return base + h;
}

export const LABEL_BATCH: BatchSpec = { type: "label", key: "label" };
const RING_COLOR = "#ffd54a";

function solidBatch(form: Solid, appearance: Appearance, color = appearance.color): BatchSpec {
  return {
    type: "solid",
    key: `solid|${form}|${color}|${appearance.opacity}`,
    form,
    color,
    opacity: appearance.opacity,
  };
}

function spriteBatch(
  sprite: SpriteRef,
  appearance: Appearance,
  orient: "standing" | "flat",
  mirror = appearance.mirror,
): BatchSpec {
  return {
    type: "sprite",
    key: `sprite|${orient}|${sprite.collection ?? ""}|${sprite.path}|${mirror ? 1 : 0}|${appearance.tint ?? ""}|${appearance.opacity}`,
    sprite,
    mirror,
    tint: appearance.tint,
    opacity: appearance.opacity,
    orient,
  };
}

function solidPart(
  form: Solid,
  appearance: Appearance,
  ox = 0,
  oy = 0,
  color?: string,
  spins = true,
): PartSpec {
  const [w, h, d, base] = SOLID_SIZE[form];
  return {
    batch: solidBatch(form, appearance, color),
    mode: "solid",
    ox,
    oy,
    y: base,
    sx: w,
    sy: h,
    sz: d,
    spins,
  };
}

function labelStyle(appearance: Appearance): LabelStyle {
  if (appearance.display === "emoji") return "emoji";
  return "text";
}

/** A billboard label at height `y` over a cell of the piece. */
function labelPart(label: LabelSpec, y: number, ox = 0, oy = 0, size = 1): PartSpec {
  const w = (label.style === "text" ? 0.86 : 0.95) * size;
  return { batch: LABEL_BATCH, mode: "billboard", ox, oy, y, sx: w, sy: w / 2, sz: 1, spins: false, label };
}

function formatItem(item: QueueItem): string {
  return typeof item === "string" ? item : JSON.stringify(item);
}

const QUEUE_LABEL_HEIGHT = 0.32;

/**
 * A pipe's queue written where its items wait: each item on the cell it sits in, so the next one out
 * is on the exit. Items that do not fit in the pipe are counted on the cell farthest from the exit.
 * Without per-cell items the whole queue is one label on the first cell.
 */
function queueLabels(piece: Piece, queue: readonly QueueItem[]): PartSpec[] {
  const label = (text: string, cell: Cell | undefined) =>
    labelPart(
      { text, style: "text", background: "#202020" },
      QUEUE_LABEL_HEIGHT,
      (cell ?? piece.cell)[0] - piece.cell[0],
      (cell ?? piece.cell)[1] - piece.cell[1],
    );
  const slots = piece.queueCells;
  if (!slots || slots.length !== piece.cells.length)
    return [label(queue.map(formatItem).join(" "), piece.cells[0])];
  const shown = piece.cells.flatMap((cell, i) => {
    const item = slots[i];
    return item === null || item === undefined ? [] : [{ cell, item }];
  });
  const exit = shown.find((s) => JSON.stringify(s.item) === JSON.stringify(queue[0]))?.cell ?? piece.cell;
  const distance = (c: Cell) => Math.abs(c[0] - exit[0]) + Math.abs(c[1] - exit[1]);
  const farthest = shown.reduce<Cell | null>(
    (far, s) => (far === null || distance(s.cell) > distance(far) ? s.cell : far),
    null,
  );
  const hidden = queue.length - shown.length;
  return shown.map(({ cell, item }) =>
    label(cell === farthest && hidden > 0 ? `${formatItem(item)} +${hidden}` : formatItem(item), cell),
  );
}

/** Options from the scene that change how parts look. */
export interface PartContext {
  /** Grid lines on: ground tiles shrink a little so a seam shows between them. */
  readonly seams: boolean;
  /** Side colour of ground tiles whose top is a sprite. */
  readonly groundBody: string;
}

/**
 * The parts of one piece drawn with `appearance` (its own, or a timeline key's).
 * `avatarItem` is the avatar's carried item, drawn as a badge over its head.
 */
export function partsOf(
  piece: Piece,
  appearance: Appearance,
  context: PartContext,
  avatarItem: Appearance | null = null,
): PartSpec[] {
  const parts: PartSpec[] = [];
  const textLabel = (background: string): LabelSpec | null => {
    if (appearance.text) return { text: appearance.text, style: labelStyle(appearance), background };
    if (appearance.icon) return { text: appearance.icon, style: "icon", background };
    return null;
  };

  if (piece.role === "ground") {
    const seam = context.seams ? 0.96 : 1;
    if (appearance.sprite) {
      const body = solidPart("ground", appearance, 0, 0, context.groundBody, false);
      parts.push({ ...body, sx: seam, sz: seam });
      parts.push({
        batch: spriteBatch(appearance.sprite, appearance, "flat"),
        mode: "flat",
        ox: 0,
        oy: 0,
        y: 0.002,
        sx: seam,
        sy: 1,
        sz: seam,
        spins: false,
      });
    } else if (appearance.display === "tile") {
      // A ground kind drawn as a tile (a sunk crate's lid, a hedge, a spout) stands a little proud of
      // a darker base, so it reads as something on the ground (a bridge over water) rather than a hole.
      const body = solidPart("ground", appearance, 0, 0, shadeHex(appearance.color, -0.45), false);
      parts.push({ ...body, sx: seam, sz: seam });
      const slab = solidPart("crate", appearance, 0, 0, shadeHex(appearance.color, 0.18), false);
      parts.push({ ...slab, y: 0, sx: SLAB[0], sy: SLAB[1], sz: SLAB[0] });
    } else {
      const body = solidPart("ground", appearance, 0, 0, undefined, false);
      parts.push({ ...body, sx: seam, sz: seam });
    }
    const label = textLabel(appearance.color);
    if (label) parts.push(labelPart(label, appearance.display === "tile" ? SLAB[1] : 0.02));
    return parts;
  }

  if (piece.role === "multi_cell") {
    for (let i = 0; i < piece.cells.length; i++) {
      const cell = piece.cells[i];
      if (!cell) continue;
      const ox = cell[0] - piece.cell[0];
      const oy = cell[1] - piece.cell[1];
      const sprite = piece.cellSprites?.[i] ?? appearance.sprite;
      if (sprite)
        parts.push({
          batch: spriteBatch(sprite, appearance, "flat"),
          mode: "flat",
          ox,
          oy,
          y: 0.012,
          sx: 1,
          sy: 1,
          sz: 1,
          spins: true,
        });
      else parts.push(solidPart(appearance.form === "flat" ? "flat" : "tile", appearance, ox, oy));
    }
    const first = piece.cells[0] ?? piece.cell;
    const ox = first[0] - piece.cell[0];
    const oy = first[1] - piece.cell[1];
    if (piece.queue && piece.queue.length > 0) parts.push(...queueLabels(piece, piece.queue));
    else {
      const label = textLabel(appearance.color);
      if (label) parts.push(labelPart(label, topOf("tile"), ox, oy));
    }
    if (piece.selected)
      for (const [cx, cy] of piece.cells)
        parts.push(ringPart(appearance, cx - piece.cell[0], cy - piece.cell[1]));
    return parts;
  }

  let top: number;
  if (appearance.sprite) {
    if (appearance.form === "flat") {
      parts.push({
        batch: spriteBatch(appearance.sprite, appearance, "flat"),
        mode: "flat",
        ox: 0,
        oy: 0,
        y: 0.01,
        sx: 1,
        sy: 1,
        sz: 1,
        spins: false,
      });
      top = 0.05;
    } else {
      parts.push({
        batch: spriteBatch(appearance.sprite, appearance, "standing"),
        mode: "standing",
        ox: 0,
        oy: 0,
        y: 0,
        sx: SPRITE_WIDTH,
        sy: SPRITE_HEIGHT,
        sz: 1,
        spins: false,
      });
      top = 0.55;
    }
  } else {
    const form = piece.role === "avatar" && appearance.form !== "figure" ? "figure" : appearance.form;
    parts.push(solidPart(form, appearance));
    top = form === "orb" ? SOLID_SIZE.orb[3] + SOLID_SIZE.orb[1] / 2 - 0.1 : topOf(form);
  }
  // The avatar's body once more, faintly and through whatever stands in front of it: a wall between
  // it and the viewer shows its outline instead of hiding it.
  const body = parts[0];
  if (piece.role === "avatar" && body && body.batch.type !== "label")
    parts.push({ ...body, batch: ghostOf(body.batch) });
  const label = textLabel(appearance.color);
  if (label) parts.push(labelPart(label, top));
  if (piece.selected) parts.push(ringPart(appearance));
  if (avatarItem) parts.push(...badgeParts(avatarItem));
  return parts;
}

/** How strongly the avatar shows through what hides it. */
export const GHOST_OPACITY = 0.35;

function ghostOf(batch: Exclude<BatchSpec, { type: "label" }>): BatchSpec {
  return { ...batch, key: `ghost|${batch.key}`, ghost: true };
}

function ringPart(appearance: Appearance, ox = 0, oy = 0): PartSpec {
  return solidPart("ring", appearance, ox, oy, RING_COLOR, false);
}

/** A carried item: a small copy of the item floating over the avatar's head. */
function badgeParts(item: Appearance): PartSpec[] {
  const y = SOLID_SIZE.figure[1] + 0.12;
  if (item.sprite)
    return [
      {
        batch: spriteBatch(item.sprite, item, "standing"),
        mode: "standing",
        ox: 0,
        oy: 0,
        y,
        sx: SPRITE_WIDTH * 0.42,
        sy: SPRITE_HEIGHT * 0.42,
        sz: 1,
        spins: false,
      },
    ];
  const [w, h, d] = SOLID_SIZE.orb;
  const parts: PartSpec[] = [
    {
      batch: solidBatch("orb", item),
      mode: "solid",
      ox: 0,
      oy: 0,
      y,
      sx: w * 0.5,
      sy: h * 0.5,
      sz: d * 0.5,
      spins: false,
    },
  ];
  if (item.text)
    parts.push(
      labelPart(
        { text: item.text, style: labelStyle(item), background: item.color },
        y + h * 0.25,
        0,
        0,
        0.45,
      ),
    );
  return parts;
}

/** Instances each batch needs for a list of part lists: the capacity to allocate. */
export function countInstances(
  partLists: Iterable<readonly PartSpec[]>,
): Map<string, { spec: BatchSpec; count: number }> {
  const out = new Map<string, { spec: BatchSpec; count: number }>();
  for (const parts of partLists)
    for (const part of parts) {
      const entry = out.get(part.batch.key);
      if (entry) entry.count++;
      else out.set(part.batch.key, { spec: part.batch, count: 1 });
    }
  return out;
}
