import { CanvasTexture, LinearFilter, NoColorSpace } from "three";
import { contrastText, parseColor } from "./color.js";
import { iconGlyph } from "./icons.js";
import type { LabelSpec } from "./parts.js";

export const ATLAS_COLUMNS = 8;
export const ATLAS_ROWS = 16;
const SLOT_W = 256;
const SLOT_H = 128;

/** A font stack for canvas text: the theme's family (`default` means the platform's) with fallbacks. */
function cssFontStack(family: string): string {
  const name = family.trim();
  if (name === "" || name === "default") return "system-ui, sans-serif";
  const quoted = /[\s]/.test(name) && !/[,"']/.test(name) ? `"${name}"` : name;
  return `${quoted}, system-ui, sans-serif`;
}

/** The atlas key of a label: labels that draw identically share a slot. */
function labelKey(label: LabelSpec): string {
  return `${label.style}|${contrastText(parseColor(label.background))}|${label.text}`;
}

/**
 * Every label text drawn once into one canvas texture, so all labels of a frame are one draw call.
 * Slots are handed out until the atlas is full; `reset` starts over (the renderer does that when a
 * new scene needs more labels than are free, keeping only what it draws).
 */
export class LabelAtlas {
  readonly texture: CanvasTexture;
  readonly #canvas: HTMLCanvasElement;
  readonly #context: CanvasRenderingContext2D;
  readonly #slots = new Map<string, number>();

  readonly #fontFamily: string;

  constructor(fontFamily: string) {
    this.#fontFamily = cssFontStack(fontFamily);
    this.#canvas = document.createElement("canvas");
    this.#canvas.width = SLOT_W * ATLAS_COLUMNS;
    this.#canvas.height = SLOT_H * ATLAS_ROWS;
    const context = this.#canvas.getContext("2d");
    if (!context) throw new Error("2D canvas unavailable for label textures");
    this.#context = context;
    this.texture = new CanvasTexture(this.#canvas);
    this.texture.colorSpace = NoColorSpace;
    this.texture.generateMipmaps = false;
    this.texture.minFilter = LinearFilter;
    this.texture.magFilter = LinearFilter;
  }

  get size(): number {
    return this.#slots.size;
  }

  get capacity(): number {
    return ATLAS_COLUMNS * ATLAS_ROWS;
  }

  has(label: LabelSpec): boolean {
    return this.#slots.has(labelKey(label));
  }

  /** The slot of a label, drawing it if new; -1 when the atlas is full. */
  slotOf(label: LabelSpec): number {
    const key = labelKey(label);
    const known = this.#slots.get(key);
    if (known !== undefined) return known;
    if (this.#slots.size >= this.capacity) return -1;
    const slot = this.#slots.size;
    this.#slots.set(key, slot);
    this.#draw(slot, label);
    return slot;
  }

  reset(): void {
    this.#slots.clear();
    this.#context.clearRect(0, 0, this.#canvas.width, this.#canvas.height);
    this.texture.needsUpdate = true;
  }

  dispose(): void {
    this.texture.dispose();
    this.#slots.clear();
    this.#canvas.width = 1;
    this.#canvas.height = 1;
  }

  #draw(slot: number, label: LabelSpec): void {
    const ctx = this.#context;
    const x = (slot % ATLAS_COLUMNS) * SLOT_W;
    const y = Math.floor(slot / ATLAS_COLUMNS) * SLOT_H;
    const ink = contrastText(parseColor(label.background));
    const halo = ink === "#ffffff" ? "rgba(0,0,0,0.55)" : "rgba(255,255,255,0.6)";
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, SLOT_W, SLOT_H);
    ctx.clip();
    ctx.clearRect(x, y, SLOT_W, SLOT_H);
    const cx = x + SLOT_W / 2;
    const cy = y + SLOT_H / 2;
    if (label.style === "icon") {
      iconGlyph(ctx, label.text, cx, cy, SLOT_H * 0.8, ink);
    } else {
      const emoji = label.style === "emoji";
      let size = emoji ? SLOT_H * 0.8 : SLOT_H * 0.62;
      ctx.font = `bold ${size}px ${emoji ? "sans-serif" : this.#fontFamily}`;
      const width = ctx.measureText(label.text).width;
      const room = SLOT_W * 0.92;
      if (width > room) {
        size *= room / width;
        ctx.font = `bold ${size}px ${emoji ? "sans-serif" : this.#fontFamily}`;
      }
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      if (!emoji) {
        ctx.lineWidth = Math.max(2, size * 0.12);
        ctx.lineJoin = "round";
        ctx.strokeStyle = halo;
        ctx.strokeText(label.text, cx, cy + size * 0.04);
      }
      ctx.fillStyle = ink;
      ctx.fillText(label.text, cx, cy + size * 0.04);
    }
    ctx.restore();
    this.texture.needsUpdate = true;
  }
}
