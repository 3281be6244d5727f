// Small summary statistics for the bench's printed lines.

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function range(values) {
  return [Math.min(...values), Math.max(...values)];
}

/** "median 1.23 s (range 1.10–1.40 s, n=3)" for values in milliseconds. */
export function describeMs(values, unit = "ms") {
  const scale = unit === "s" ? 1000 : 1;
  const digits = unit === "s" ? 2 : 0;
  const f = (v) => (v / scale).toFixed(digits);
  const [lo, hi] = range(values);
  return `median ${f(median(values))} ${unit} (range ${f(lo)}–${f(hi)} ${unit}, n=${values.length})`;
}

export function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
