// Where the gold-path replay of `run.mjs` spends its time, per pack: session creation and the turns,
// in microseconds, each the best of ROUNDS rounds (200; the early ones warm the JIT up). A profiling
// aid, not the benchmark:
//   node bench/by-pack.mjs [packs dir] [--cold]
// --cold forgets a level's preparation when its session is done, so every session prepares its level
// and runs its load-time cascade, as the reference engine's do (the packs stay loaded, as its games do).

import { forgetPreparedLevels } from "../dist/assembly/session.js";
import { Session } from "../dist/index.js";
import { CONFORMANCE_PACKS, loadCorpus } from "./corpus.mjs";

const args = process.argv.slice(2);
const cold = args.includes("--cold");
const dir = args.find((a) => !a.startsWith("--")) ?? CONFORMANCE_PACKS;
const ROUNDS = Number(process.env.ROUNDS ?? 200);
const us = (ms) => (ms * 1000).toFixed(0).padStart(6);

const packs = await loadCorpus(dir);
const rows = new Map();
for (let round = 0; round < ROUNDS; round++) {
  for (const p of packs) {
    const { pack } = p;
    let create = 0;
    let steps = 0;
    let actions = 0;
    for (const { id, gold } of p.levels) {
      const t0 = performance.now();
      const s = new Session(pack, id);
      const t1 = performance.now();
      for (const a of gold) s.act(a);
      if (cold) forgetPreparedLevels(pack, id);
      create += t1 - t0;
      steps += performance.now() - t1;
      actions += gold.length;
    }
    const row = rows.get(p.name) ?? { levels: p.levels.length, actions, create: Infinity, steps: Infinity };
    row.create = Math.min(row.create, create);
    row.steps = Math.min(row.steps, steps);
    rows.set(p.name, row);
  }
}
let create = 0;
let steps = 0;
for (const [name, r] of rows) {
  create += r.create;
  steps += r.steps;
  const perStep = ((r.steps * 1000) / Math.max(1, r.actions)).toFixed(1).padStart(6);
  console.log(
    `${name.padEnd(22)} levels ${String(r.levels).padStart(3)} actions ${String(r.actions).padStart(4)} ` +
      `create ${us(r.create)} µs  steps ${us(r.steps)} µs  per step ${perStep} µs`,
  );
}
console.log(`total: create ${us(create)} µs, steps ${us(steps)} µs`);
