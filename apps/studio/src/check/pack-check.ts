/**
 * What the studio knows about the pack being edited: the validator's located findings and, when the
 * pack is valid, the engine's prepared pack that the painter, the player and the solver use. The
 * validation runs in a worker (see check-worker.ts); the page only prepares the validated pack.
 * @module
 */
import { builtinRegistry, compilePack, type Pack } from "@gridponder/engine";
import type { Diagnostic, ValidPack } from "@gridponder/schema";

export interface CheckedPack {
  /** Every finding of the validator and the engine, errors first. */
  readonly diagnostics: readonly Diagnostic[];
  /** The validated pack, when it has no errors: what the player and the solver worker get. */
  readonly valid: ValidPack | null;
  /** The engine's prepared pack, when it loads. */
  readonly pack: Pack | null;
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Prepares a validated pack for play; a failure becomes a finding. */
export function preparePack(diagnostics: readonly Diagnostic[], valid: ValidPack | null): CheckedPack {
  if (!valid) return { diagnostics, valid: null, pack: null };
  try {
    return { diagnostics, valid, pack: compilePack(valid, builtinRegistry) };
  } catch (error) {
    // The validator accepted what the engine could not prepare: say so at the game file, keep editing.
    const message = `the engine could not prepare the pack: ${messageOf(error)}`;
    return {
      diagnostics: [
        { file: "game.json", pointer: "", severity: "error", code: "engine-prepare", message },
        ...diagnostics,
      ],
      valid: null,
      pack: null,
    };
  }
}

/** The errors among `diagnostics`. */
export const errorsOf = (diagnostics: readonly Diagnostic[]): Diagnostic[] =>
  diagnostics.filter((d) => d.severity === "error");
