// The held-out third of the shared levels: a fixed hash (FNV-1a) of "pack/level" picks it, so the
// split needs no list, stays the same on every machine, and takes about a third of each pack.
export function heldOut(pack, level) {
  let h = 0x811c9dc5;
  for (const ch of `${pack}/${level}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h % 3 === 0;
}
