// Where a solver state costs more than an engine step (`pnpm bench --profile`): per level, the
// engine's turns per second (`runTurn` alone) against the solver's states expanded per second on one
// thread, and what the search adds to each turn between them: the dead-state check, the state's key
// (interning its layers), its 128-bit fingerprint (the parallel searches' identity), and the rest of
// the search (tables, heap, successor cache, heuristic), which is what is left of a state's time.
import { runTurn } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { searchSpace, solveLevel } from "../dist/index.js";

/** Up to `count` distinct states of the level, breadth-first from its start, as the search meets them. */
function sampleStates(space, count) {
  const seen = new Set([space.key(space.start)]);
  const states = [space.start];
  for (let i = 0; i < states.length && states.length < count; i++)
    for (const action of space.actions) {
      const next = space.next(states[i], action);
      if (next === null) continue;
      const key = space.key(next);
      if (seen.has(key)) continue;
      seen.add(key);
      states.push(next);
    }
  return states;
}

/** Calls per second of `fn` over `items`, repeated for at least `minMs`. */
function rate(items, fn, minMs = 400) {
  let calls = 0;
  const t0 = performance.now();
  let elapsed = 0;
  do {
    for (const item of items) fn(item);
    calls += items.length;
    elapsed = performance.now() - t0;
  } while (elapsed < minMs);
  return (calls / elapsed) * 1000;
}

const perSecond = (n) => `${(n / 1000).toFixed(0)} k/s`;
const micro = (perS) => `${(1e6 / perS).toFixed(1)} µs`;

/** Prints the split for one level (`dir`: pack folder), the solve bounded by `timeLimitMs`. */
export async function profileLevel(dir, levelId, timeLimitMs) {
  const loaded = await loadPackFolder(dir);
  if (!loaded.ok) throw new Error(`${dir} does not load`);
  const pack = loaded.pack;
  const space = searchSpace(pack, levelId);
  const states = sampleStates(space, 20_000);
  const pairs = states.flatMap((state) => space.actions.map((action) => ({ state, action })));
  const steps = rate(pairs, ({ state, action }) => runTurn(pack, space.level, state, action));
  const nexts = rate(pairs, ({ state, action }) => space.next(state, action));
  const key = new Int32Array(space.keyWidth);
  const keys = rate(states, (state) => space.encode(state, key));
  const print = new Int32Array(4);
  const prints = rate(states, (state) => space.fingerprint(state, print));
  const solved = solveLevel(pack, levelId, { timeLimitMs });
  const stateRate = solved.statesPerSecond;
  // A marker search's state is a (core, marker cell) pair, and its cores share turns (about one turn
  // per three states), so a state there can cost less than a step.
  console.log(
    `  ${levelId.padEnd(12)} engine ${micro(steps)}/step (${perSecond(steps)}); search space: next+dead ${micro(nexts)}, key ${micro(keys)}, fingerprint ${micro(prints)}; solver ${micro(stateRate)}/state (${perSecond(stateRate)}, ${solved.statesExpanded.toLocaleString("en-US")} states, ${solved.status}${solved.heuristic ? `, ${solved.heuristic}` : ""}): a state costs ${(steps / stateRate).toFixed(1)} steps, ${space.actions.length} actions a state`,
  );
}
