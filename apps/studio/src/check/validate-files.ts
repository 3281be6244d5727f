/**
 * Validation of the pack being edited, as the validation worker runs it: the schemas, the semantic
 * checks and the engine's known types. Only the worker imports this (the validator stays off the page).
 * @module
 */
import { builtinRegistry, missingTypes, validateOptionsFor } from "@gridponder/engine";
import { type Diagnostic, type PackFiles, type ValidPack, validatePack } from "@gridponder/schema";
import { messageOf } from "./pack-check.js";

const rank = (d: Diagnostic) => (d.severity === "error" ? 0 : 1);
const sorted = (diagnostics: Diagnostic[]) => diagnostics.sort((a, b) => rank(a) - rank(b));

/** Validates `files` against the schemas and the engine's types; never throws. */
export function validatePackChecked(files: PackFiles): {
  diagnostics: Diagnostic[];
  valid: ValidPack | null;
} {
  try {
    const validated = validatePack(files, validateOptionsFor({}, builtinRegistry));
    const diagnostics = [...validated.diagnostics];
    if (!validated.ok || !validated.pack) return { diagnostics: sorted(diagnostics), valid: null };
    const missing = missingTypes(validated.pack, builtinRegistry);
    if (missing.length > 0) return { diagnostics: sorted([...diagnostics, ...missing]), valid: null };
    return { diagnostics: sorted(diagnostics), valid: validated.pack };
  } catch (error) {
    return {
      diagnostics: [
        {
          file: "manifest.json",
          pointer: "",
          severity: "error",
          code: "validator",
          message: `the validator could not run: ${messageOf(error)}`,
        },
      ],
      valid: null,
    };
  }
}
