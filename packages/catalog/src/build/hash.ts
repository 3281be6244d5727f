import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

/** Hex SHA-256 of a file's bytes, streamed (covers may be large images). */
export function hashFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("error", reject)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")));
  });
}

/** Hex SHA-256 of a text's UTF-8 bytes: what {@link hashFile} gives for a file holding it. */
export function hashText(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** A short content hash for URLs: 12 hex digits of SHA-256 (48 bits; collisions need ~16 M versions). */
export function contentHash(parts: readonly string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\u0000");
  return hash.digest("hex").slice(0, 12);
}
