/** Ranks from 1, ties sharing their mean rank. */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (
      j + 1 < order.length &&
      (order[j + 1] as readonly [number, number])[0] === (order[i] as readonly [number, number])[0]
    )
      j++;
    const mean = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[(order[k] as readonly [number, number])[1]] = mean;
    i = j + 1;
  }
  return out;
}

function pearson(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    const x = (a[i] as number) - ma;
    const y = (b[i] as number) - mb;
    num += x * y;
    da += x * x;
    db += y * y;
  }
  return da === 0 || db === 0 ? Number.NaN : num / Math.sqrt(da * db);
}

/**
 * Spearman's rank correlation of two equally long lists (ties by mean rank): 1 when one orders the
 * items exactly as the other, -1 when exactly reversed; `NaN` for fewer than two items or a constant list.
 */
export function spearman(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error("spearman: lists of different lengths");
  if (a.length < 2) return Number.NaN;
  return pearson(ranks(a), ranks(b));
}
