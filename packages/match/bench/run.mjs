// Match benchmark (`pnpm bench`): what the match runtime and its bots measure on this machine.
//  - Chess perft 5 from the start (4,865,609 leaves) from the data form: nodes per second, median and
//    range of BENCH_TRIALS runs (3), each in a fresh process after a perft 4 warm-up.
//  - Checkers perft 9 (3,963,680 leaves), the same way.
//  - Tic-tac-toe: every complete game (255,168), games per second.
//  - Bot move times, playing both seats from the start: alpha-beta at tic-tac-toe (whole tree) and chess
//    (50,000 positions per move), MCTS at checkers (1,000 iterations), information-set MCTS at
//    Eights (200 iterations).
//  - Information-set MCTS (200 iterations) against random play at two-seat Eights: rounds won of 40.
// The counts are asserted by the tests; here only speed and strength are printed.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const trials = Number(process.env.BENCH_TRIALS ?? 3);
const run = (...args) =>
  JSON.parse(
    execFileSync(process.execPath, [join(import.meta.dirname, "workload.mjs"), ...args], {
      encoding: "utf8",
    }),
  );
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const fmt = (n) => Math.round(n).toLocaleString("en-US");

for (const [label, pack, depth, warm] of [
  ["chess perft 5", "chess", "5", "4"],
  ["checkers perft 9", "checkers", "9", "6"],
]) {
  const rates = [];
  let nodes = 0;
  for (let i = 0; i < trials; i++) {
    const r = run("perft", pack, depth, warm);
    nodes = r.nodes;
    rates.push(r.nodes / (r.ms / 1000));
  }
  console.log(
    `${label}: ${fmt(nodes)} leaves, ${fmt(median(rates))} nodes/s (median of ${trials}; ${fmt(Math.min(...rates))}–${fmt(Math.max(...rates))})`,
  );
}
const games = run("games", "tic-tac-toe");
console.log(`tic-tac-toe, every game: ${fmt(games.games)} games in ${fmt(games.ms)} ms`);
for (const [label, pack, bot, budget, moves] of [
  ["alpha-beta, tic-tac-toe, whole tree", "tic-tac-toe", "alpha-beta", "10000000", "9"],
  ["alpha-beta, chess, 50,000 positions", "chess", "alpha-beta", "50000", "6"],
  ["MCTS, checkers, 1,000 iterations", "checkers", "mcts", "1000", "10"],
  ["information-set MCTS, Eights, 200 iterations", "eights", "mcts", "200", "20"],
]) {
  const r = run("bot", pack, bot, budget, moves);
  console.log(
    `${label}: median ${r.medianMs.toFixed(1)} ms per move, slowest ${r.maxMs.toFixed(1)} ms (${r.moves} moves)`,
  );
}
const rounds = run("rounds", "40", "200");
console.log(
  `information-set MCTS (200 iterations) vs random, two-seat Eights: won ${rounds.won}, lost ${rounds.lost}, tied ${rounds.rounds - rounds.won - rounds.lost} of ${rounds.rounds} rounds`,
);
