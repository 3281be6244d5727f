import { Session } from "../src/index.js";
import { loadPackFolder } from "../src/node.js";

const loaded = await loadPackFolder("/work/main/packages/schema/test/fixtures/valid/mini");
if (!loaded.ok) throw new Error("x");
const s = new Session(loaded.pack, "l1");
const moves = [
  { action: "move", direction: "down" },
  { action: "move", direction: "up" },
] as const;
for (let r = 0; r < 5; r++) {
  s.reset();
  const t0 = performance.now();
  const N = 200000;
  for (let i = 0; i < N; i++) s.act(moves[i & 1] as never);
  console.log(Math.round(N / ((performance.now() - t0) / 1000)), "steps/s", s.state.avatar.position);
}
