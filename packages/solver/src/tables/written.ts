/**
 * The array, its memory written once (with zeros) before anything reads it. Fresh memory read first is
 * mapped to the system's shared zero page, and the first write to each page then replaces that mapping,
 * which costs every other core running one of the process's threads an interrupt to flush its address
 * cache: in two threads that probe large new tables this way, 17% of each thread's time went to that
 * (box_builder bb_014_m1 searched exhaustively, on this project's 2-core machine).
 */
export function written<T extends Int32Array | Uint8Array | Uint32Array>(array: T): T {
  return array.fill(0) as T;
}
