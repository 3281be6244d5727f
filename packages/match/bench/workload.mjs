// One benchmark workload in its own process (so one cannot skew another's JIT profile); prints JSON.
//   perft <pack> <depth> <warm-depth>     nodes and milliseconds of one perft after a warm-up perft
//   games <pack>                          complete games of the tree and milliseconds
//   bot <pack> <bot> <budget> <moves>     milliseconds per move of a bot playing both seats from the start
//   rounds <rounds> <iterations>          information-set MCTS against random at two-seat Eights: rounds won
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  alphaBetaBot,
  compileGame,
  countGames,
  MatchRuntime,
  MatchSession,
  mctsBot,
  perft,
  randomBot,
} from "../dist/index.js";

const PACKS = join(import.meta.dirname, "../../../packs");
const [kind, ...args] = process.argv.slice(2);

function compiled(pack, seats) {
  const game = JSON.parse(readFileSync(join(PACKS, pack, "game.json"), "utf8"));
  const c = compileGame(game, seats ?? game.seats.min);
  if (!c.ok) throw new Error(`${pack}: ${JSON.stringify(c.errors)}`);
  return c;
}

if (kind === "perft") {
  const [pack, depth, warm] = args;
  const c = compiled(pack);
  const r = MatchRuntime.start(c.game, c.setup, 1);
  perft(r, Number(warm));
  const t = performance.now();
  const nodes = perft(r, Number(depth));
  console.log(JSON.stringify({ nodes, ms: performance.now() - t }));
} else if (kind === "games") {
  const c = compiled(args[0]);
  countGames(MatchRuntime.start(c.game, c.setup, 1));
  const t = performance.now();
  const { games } = countGames(MatchRuntime.start(c.game, c.setup, 1));
  console.log(JSON.stringify({ games, ms: performance.now() - t }));
} else if (kind === "bot") {
  const [pack, name, budget, moves] = args;
  const c = compiled(pack);
  const make = (seat) =>
    name === "alpha-beta"
      ? alphaBetaBot({ budget: Number(budget) })
      : mctsBot({ iterations: Number(budget), seed: seat + 1 });
  const bots = [make(0), make(1)];
  const s = new MatchSession(c.game, c.setup, { seed: 11 });
  const times = [];
  while (!s.outcome && times.length < Number(moves)) {
    const t = performance.now();
    const move = bots[s.current].choose(s.position);
    times.push(performance.now() - t);
    s.playMove(move);
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({ moves: times.length, medianMs: times[times.length >> 1], maxMs: times.at(-1) }),
  );
} else if (kind === "rounds") {
  const [rounds, iterations] = args.map(Number);
  const c = compiled("eights", 2);
  let won = 0;
  let lost = 0;
  for (let round = 0; round < rounds; round++) {
    const s = new MatchSession(c.game, c.setup, { seed: 90_000 + round });
    const seat = round % 2;
    const bots = [mctsBot({ iterations, seed: round + 1 }), randomBot({ seed: round + 500 })];
    if (seat === 1) bots.reverse();
    while (!s.outcome && s.position.s.round === 0) s.playMove(bots[s.current].choose(s.position));
    const scores = s.observe(null).seats.map((x) => x.variables.score);
    if (scores[seat] > scores[1 - seat]) won++;
    else if (scores[seat] < scores[1 - seat]) lost++;
  }
  console.log(JSON.stringify({ rounds, won, lost }));
} else throw new Error(`unknown workload ${kind}`);
