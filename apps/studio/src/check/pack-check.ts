/**
 * What the studio knows about the pack being edited: the validator's located findings and, when the
 * pack is valid, the engine's prepared pack that the painter, the player and the solver use.
 * @module
 */
import { builtinRegistry, type Pack, prepareValidated, validateOptionsFor } from "@gridponder/engine";
import { type Diagnostic, type PackFiles, type ValidPack, validatePack } from "@gridponder/schema";

export interface CheckedPack {
  /** Every finding of the validator and the engine, errors first. */
  readonly diagnostics: readonly Diagnostic[];
  /** The validated pack, when it has no errors: what the player and the solver worker get. */
  readonly valid: ValidPack | null;
  /** The engine's prepared pack, when it loads. */
  readonly pack: Pack | null;
}

const OPTIONS = validateOptionsFor({}, builtinRegistry);

/** Validates and prepares `files`; never throws (a failure becomes a diagnostic). */
export function checkPack(files: PackFiles): CheckedPack {
  const validated = validatePack(files, OPTIONS);
  const diagnostics: Diagnostic[] = [...validated.diagnostics];
  if (!validated.ok || !validated.pack) return { diagnostics: sorted(diagnostics), valid: null, pack: null };
  try {
    const loaded = prepareValidated(validated, builtinRegistry);
    if (!loaded.ok) return { diagnostics: sorted([...loaded.diagnostics]), valid: null, pack: null };
    return { diagnostics: sorted(diagnostics), valid: validated.pack, pack: loaded.pack };
  } catch (error) {
    // The validator accepted what the engine could not prepare: say so at the game file, keep editing.
    const message = `the engine could not prepare the pack: ${error instanceof Error ? error.message : String(error)}`;
    diagnostics.unshift({ file: "game.json", pointer: "", severity: "error", code: "engine-prepare", message });
    return { diagnostics: sorted(diagnostics), valid: null, pack: null };
  }
}

function sorted(diagnostics: Diagnostic[]): Diagnostic[] {
  const rank = (d: Diagnostic) => (d.severity === "error" ? 0 : 1);
  return diagnostics.sort((a, b) => rank(a) - rank(b));
}

/** The errors among `diagnostics`. */
export const errorsOf = (diagnostics: readonly Diagnostic[]): Diagnostic[] =>
  diagnostics.filter((d) => d.severity === "error");
