/**
 * Names: the words the player reads for a pack's kinds and identifiers. The HUD, the board's pieces,
 * turn descriptions and the terminal all name a kind through {@link displayName}, so a screen reader
 * and the screen never call one thing two names.
 * @module
 */
import type { Pack } from "@gridponder/engine";

/** `selectedActorKind` → `Selected actor kind`, `escaped` → `Escaped`. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The player-facing name of a kind: its `uiName`, else its id in lower-case words (`ice_block` → `ice block`). */
export function displayName(pack: Pack, kind: string): string {
  return pack.kinds.get(kind)?.def.uiName ?? humanize(kind).toLowerCase();
}
