import { InvalidArgumentError } from "commander";

/** A whole number above zero (`--max-states 5000`). */
export function positiveInteger(text: string): number {
  const n = Number(text);
  if (text.trim() === "" || !Number.isInteger(n) || n <= 0)
    throw new InvalidArgumentError("expected a positive integer");
  return n;
}

/** A whole number, zero allowed (`--walks 0`, `--seed 0`). */
export function nonNegativeInteger(text: string): number {
  const n = Number(text);
  if (text.trim() === "" || !Number.isInteger(n) || n < 0)
    throw new InvalidArgumentError("expected a whole number, 0 or more");
  return n;
}

/** Seconds, whole or not (`0.5`, `90`): a time limit below a second is a fair request for small levels. */
export function positiveSeconds(text: string): number {
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError("expected a positive number of seconds");
  return n;
}
