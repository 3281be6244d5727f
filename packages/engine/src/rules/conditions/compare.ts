import type { ConditionOperator } from "@gridponder/schema";
import { jsonEqual } from "../../board/json.js";

/** Compares two values with an operator; ordering operators only hold between numbers. */
export function compare(a: unknown, op: ConditionOperator, b: unknown): boolean {
  switch (op) {
    case "eq":
      return jsonEqual(a, b);
    case "neq":
      return !jsonEqual(a, b);
    default: {
      if (typeof a !== "number" || typeof b !== "number") return false;
      if (op === "gt") return a > b;
      if (op === "gte") return a >= b;
      if (op === "lt") return a < b;
      return a <= b;
    }
  }
}
