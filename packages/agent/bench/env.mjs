// Environment steps per second on every level of the puzzle packs of packs/ (not its match packs), on one core: a seeded random policy over
// each level's discrete action space, episodes reset when they end. The policy's draws are made
// before the clock starts, so what is timed is the environment. The JIT is warmed on every level
// first; then each level is timed over the same number of steps. Prints per pack and overall.
import { join } from "node:path";
import { OWN_PACKS as PACKS, puzzlePackNames } from "@gridponder/conformance-corpus/packs";
import { loadPackFolder } from "@gridponder/engine/node";
import { createEnv, seededRandom, VectorEnv } from "../dist/index.js";

const WARM_STEPS = 5_000;
const STEPS = Number(process.env.STEPS ?? 40_000);

const levels = [];
for (const name of puzzlePackNames(PACKS)) {
  const { pack } = await loadPackFolder(join(PACKS, name));
  for (const id of pack.levelOrder) levels.push({ pack: name, level: id, env: createEnv(pack, id) });
}

/** A seeded random policy's choices for `steps` steps of `env`. */
function draws(env, steps, seed) {
  const random = seededRandom(seed);
  const n = env.actions.length;
  const out = new Int32Array(steps);
  for (let i = 0; i < steps; i++) out[i] = random.int(n);
  return out;
}

function run(env, choices) {
  env.reset();
  let episodes = 0;
  for (let i = 0; i < choices.length; i++) {
    const r = env.step(choices[i]);
    if (r.terminated || r.truncated) {
      env.reset();
      episodes++;
    }
  }
  return episodes;
}

for (const l of levels) run(l.env, draws(l.env, WARM_STEPS, 1));

const byPack = new Map();
let totalSteps = 0;
let totalMs = 0;
for (const l of levels) {
  const choices = draws(l.env, STEPS, 2);
  const begin = performance.now();
  run(l.env, choices);
  const ms = performance.now() - begin;
  l.rate = STEPS / (ms / 1000);
  totalSteps += STEPS;
  totalMs += ms;
  const p = byPack.get(l.pack) ?? { steps: 0, ms: 0, levels: 0 };
  p.steps += STEPS;
  p.ms += ms;
  p.levels++;
  byPack.set(l.pack, p);
}
const fmt = (x) => Math.round(x).toLocaleString("en");
for (const [name, p] of byPack)
  console.log(
    `${name.padEnd(16)} ${String(p.levels).padStart(3)} levels  ${fmt(p.steps / (p.ms / 1000)).padStart(10)} steps/s`,
  );
const byRate = [...levels].sort((a, b) => a.rate - b.rate);
const rates = byRate.map((l) => l.rate);
console.log(
  `slowest: ${byRate
    .slice(0, 5)
    .map((l) => `${l.pack}/${l.level} ${fmt(l.rate)}`)
    .join(", ")}`,
);
console.log(
  `all ${levels.length} levels: ${fmt(totalSteps / (totalMs / 1000))} steps/s on one core (${fmt(totalSteps)} steps); per level min ${fmt(rates[0])}, median ${fmt(rates[Math.floor(rates.length / 2)])}, max ${fmt(rates.at(-1))}`,
);

// 64 environments of the pack's first levels stepped together.
const vector = new VectorEnv(levels.slice(0, 64).map((l) => l.env));
vector.reset();
const rounds = Math.max(1, Math.floor(STEPS / 8));
const vectorChoices = vector.envs.map((env, i) => draws(env, rounds, 3 + i));
const actions = new Int32Array(vector.envs.length);
const begin = performance.now();
for (let r = 0; r < rounds; r++) {
  for (let i = 0; i < actions.length; i++) actions[i] = vectorChoices[i][r];
  vector.step(actions);
}
const ms = performance.now() - begin;
console.log(
  `VectorEnv of ${vector.envs.length}: ${fmt((rounds * vector.envs.length) / (ms / 1000))} steps/s on one core`,
);
