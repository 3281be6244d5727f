import type { SpriteRef } from "@gridponder/view";
import { NearestFilter, NoColorSpace, Texture } from "three";
import { Shared } from "./shared.js";

/** A texture and its image's arrival; disposing it makes a late image a no-op. */
interface Entry {
  readonly texture: Texture;
  readonly loaded: Promise<void>;
  dispose(): void;
}

function spriteKey(ref: SpriteRef): string {
  return `${ref.collection ?? ""}|${ref.path}`;
}

/**
 * Sprite textures by file, shared between batches and counted, so a texture lives exactly as long as
 * something draws it. Pixel art stays crisp: nearest filtering, no mipmaps. Until its image arrives a
 * texture is empty and its sprites draw nothing; the renderer redraws when it arrives.
 */
export class SpriteTextures {
  readonly #entries = new Shared<Entry>();

  readonly #url: (ref: SpriteRef) => string;
  readonly #onLoad: () => void;

  constructor(url: (ref: SpriteRef) => string, onLoad: () => void) {
    this.#url = url;
    this.#onLoad = onLoad;
  }

  acquire(ref: SpriteRef): Texture {
    return this.#entries.acquire(spriteKey(ref), () => this.#load(ref)).texture;
  }

  release(ref: SpriteRef): void {
    this.#entries.release(spriteKey(ref));
  }

  /** Resolves when every texture requested so far has loaded or failed. */
  async whenLoaded(): Promise<void> {
    await Promise.all([...this.#entries.values()].map((e) => e.loaded));
  }

  get size(): number {
    return this.#entries.size;
  }

  dispose(): void {
    this.#entries.disposeAll();
  }

  #load(ref: SpriteRef): Entry {
    const texture = new Texture();
    texture.magFilter = NearestFilter;
    texture.minFilter = NearestFilter;
    texture.generateMipmaps = false;
    texture.colorSpace = NoColorSpace;
    let disposed = false;
    const loaded = new Promise<void>((resolve) => {
      const image = new Image();
      image.crossOrigin = "anonymous";
      image.decoding = "async";
      image.onload = () => {
        if (!disposed) {
          texture.image = image;
          texture.needsUpdate = true;
          this.#onLoad();
        }
        resolve();
      };
      // A missing file leaves the sprite invisible; the procedural fallback is the view's decision.
      image.onerror = () => resolve();
      image.src = this.#url(ref);
    });
    return {
      texture,
      loaded,
      dispose() {
        disposed = true;
        texture.dispose();
      },
    };
  }
}
