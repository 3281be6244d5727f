// Calibrates the difficulty estimate (writes src/difficulty-model.ts):
//   node scripts/calibrate.mjs [packs folder]   (default: the conformance corpus's packs)
// For every level of the folder's puzzle packs it measures the features (`featureVector`), then fits
// weights so that, within each pack, the weighted sum of the standardised features follows the level's
// place in the pack's order: least squares on features and places with each pack's mean taken out
// (packs differ in how hard they start), with a small ridge so that correlated features share
// weight. Prints the Spearman correlation of estimate and order per pack. Bounded by counts (the state
// graph keeps CALIBRATION_ANALYSIS.maxStates states; the optimum is the gold path's where the graph is incomplete), so the
// same corpus always gives the same model.
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS } from "@gridponder/conformance-corpus";
import { readPackFolder } from "@gridponder/schema/node";
import { analyzeLevel, CALIBRATION_ANALYSIS, featureVector, packSource, spearman } from "../dist/index.js";

const dir = process.argv[2] ?? join(CORPUS, "packs");
const OPTIONS = CALIBRATION_ANALYSIS;
const rows = [];
for (const name of readdirSync(dir).sort()) {
  if (!existsSync(join(dir, name, "manifest.json"))) continue;
  const source = packSource(await readPackFolder(join(dir, name)));
  const order = source.pack.levelOrder;
  if (order.length < 3) continue; // a fixture of one or two levels says nothing about an order
  for (const id of order) {
    const a = analyzeLevel(source, id, OPTIONS);
    rows.push({ pack: name, level: id, place: order.indexOf(id) / (order.length - 1), a });
    process.stderr.write(".");
  }
}
process.stderr.write("\n");

const deadKnown = rows.filter((r) => r.a.deadEndRatio !== null);
const meanDeadEndRatio = deadKnown.reduce((s, r) => s + r.a.deadEndRatio, 0) / Math.max(1, deadKnown.length);
const seed = { weights: [], mean: [], sd: [], meanDeadEndRatio, low: 0, high: 1 };
const X = rows.map((r) => featureVector(r.a.features, seed));
const k = X[0].length;
const mean = Array.from({ length: k }, (_, j) => X.reduce((s, x) => s + x[j], 0) / X.length);
const sd = Array.from(
  { length: k },
  (_, j) => Math.sqrt(X.reduce((s, x) => s + (x[j] - mean[j]) ** 2, 0) / X.length) || 1,
);
const Z = X.map((x) => x.map((v, j) => (v - mean[j]) / sd[j]));

// Take each pack's mean out of features and places.
const packs = [...new Set(rows.map((r) => r.pack))];
const Zc = Z.map((z) => [...z]);
const yc = rows.map((r) => r.place);
for (const p of packs) {
  const idx = rows.flatMap((r, i) => (r.pack === p ? [i] : []));
  for (let j = 0; j < k; j++) {
    const m = idx.reduce((s, i) => s + Z[i][j], 0) / idx.length;
    for (const i of idx) Zc[i][j] -= m;
  }
  const my = idx.reduce((s, i) => s + rows[i].place, 0) / idx.length;
  for (const i of idx) yc[i] -= my;
}
// Ridge least squares: (ZᵀZ + λI) w = Zᵀy, by Gaussian elimination.
const LAMBDA = 1;
const A = Array.from({ length: k }, (_, a) =>
  Array.from({ length: k }, (_, b) => Zc.reduce((s, z) => s + z[a] * z[b], 0) + (a === b ? LAMBDA : 0)),
);
const b = Array.from({ length: k }, (_, a) => Zc.reduce((s, z, i) => s + z[a] * yc[i], 0));
for (let c = 0; c < k; c++) {
  let p = c;
  for (let r = c + 1; r < k; r++) if (Math.abs(A[r][c]) > Math.abs(A[p][c])) p = r;
  [A[c], A[p]] = [A[p], A[c]];
  [b[c], b[p]] = [b[p], b[c]];
  for (let r = 0; r < k; r++) {
    if (r === c) continue;
    const f = A[r][c] / A[c][c];
    for (let q = c; q < k; q++) A[r][q] -= f * A[c][q];
    b[r] -= f * b[c];
  }
}
const weights = b.map((v, c) => v / A[c][c]);
const scores = Z.map((z) => z.reduce((s, v, j) => s + v * weights[j], 0));
const round = (x) => Number(x.toPrecision(6));
const model = {
  weights: weights.map(round),
  mean: mean.map(round),
  sd: sd.map(round),
  meanDeadEndRatio: round(meanDeadEndRatio),
  low: round(Math.min(...scores)),
  high: round(Math.max(...scores)),
  calibration: `${rows.length} levels of ${packs.length} packs (${packs.join(", ")})`,
};

console.log("pack                     levels  Spearman (estimate vs order)");
for (const p of packs) {
  const idx = rows.flatMap((r, i) => (r.pack === p ? [i] : []));
  const rho = spearman(
    idx.map((i) => scores[i]),
    idx.map((i) => rows[i].place),
  );
  console.log(`${p.padEnd(24)} ${String(idx.length).padStart(6)}  ${rho.toFixed(2)}`);
}
console.log("weights", model.weights.join(", "));

const text = `// Written by \`node scripts/calibrate.mjs\`; do not edit by hand.
import type { DifficultyModel } from "./difficulty-types.js";

export const DIFFICULTY_MODEL: DifficultyModel = ${JSON.stringify(model, null, 2)};
`;
writeFileSync(join(import.meta.dirname, "..", "src", "difficulty-model.ts"), text);
