import { NearestFilter, NoColorSpace, Texture } from "three";
import type { SpriteRef } from "./view-types.js";

interface Entry {
  readonly texture: Texture;
  users: number;
  readonly loaded: Promise<void>;
}

export function spriteKey(ref: SpriteRef): string {
  return `${ref.collection ?? ""}|${ref.path}`;
}

/**
 * Sprite textures by file, shared between batches and counted, so a texture lives exactly as long as
 * something draws it. Pixel art stays crisp: nearest filtering, no mipmaps. Until its image arrives a
 * texture is empty and its sprites draw nothing; the renderer redraws when it arrives.
 */
export class SpriteTextures {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly url: (ref: SpriteRef) => string,
    private readonly onLoad: () => void,
  ) {}

  acquire(ref: SpriteRef): Texture {
    const key = spriteKey(ref);
    const known = this.entries.get(key);
    if (known) {
      known.users++;
      return known.texture;
    }
    const texture = new Texture();
    texture.magFilter = NearestFilter;
    texture.minFilter = NearestFilter;
    texture.generateMipmaps = false;
    texture.colorSpace = NoColorSpace;
    const loaded = new Promise<void>((resolve) => {
      const image = new Image();
      image.crossOrigin = "anonymous";
      image.decoding = "async";
      image.onload = () => {
        if (this.entries.get(key)?.texture === texture) {
          texture.image = image;
          texture.needsUpdate = true;
          this.onLoad();
        }
        resolve();
      };
      // A missing file leaves the sprite invisible; the procedural fallback is the view's decision.
      image.onerror = () => resolve();
      image.src = this.url(ref);
    });
    this.entries.set(key, { texture, users: 1, loaded });
    return texture;
  }

  release(ref: SpriteRef): void {
    const key = spriteKey(ref);
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.users--;
    if (entry.users <= 0) {
      entry.texture.dispose();
      this.entries.delete(key);
    }
  }

  /** Resolves when every texture requested so far has loaded or failed. */
  async whenLoaded(): Promise<void> {
    await Promise.all([...this.entries.values()].map((e) => e.loaded));
  }

  get size(): number {
    return this.entries.size;
  }

  dispose(): void {
    for (const entry of this.entries.values()) entry.texture.dispose();
    this.entries.clear();
  }
}
