/**
 * A barrier for threads that share `control`: slot `arrived` counts the threads that have arrived,
 * slot `generation` the barriers passed. The last of `participants` to arrive runs `last`, then lets
 * the others go. A waiting thread first runs `idle` (one small step a call, `false` when it has none
 * left) while the others have not arrived, then checks `spins` times before it sleeps: cheaper than
 * being woken when the others are about to arrive.
 */
export function awaitAll(
  control: Int32Array,
  arrived: number,
  generation: number,
  participants: number,
  last?: () => void,
  spins = 0,
  idle?: () => boolean,
): void {
  const passed = Atomics.load(control, generation);
  if (Atomics.add(control, arrived, 1) === participants - 1) {
    last?.();
    Atomics.store(control, arrived, 0);
    Atomics.add(control, generation, 1);
    Atomics.notify(control, generation);
    return;
  }
  // Work that can be done ahead, in small steps, until the others arrive or it runs out.
  if (idle) while (Atomics.load(control, generation) === passed && idle()) {}
  for (let spin = 0; spin < spins; spin++) if (Atomics.load(control, generation) !== passed) return;
  while (Atomics.load(control, generation) === passed) Atomics.wait(control, generation, passed);
}
