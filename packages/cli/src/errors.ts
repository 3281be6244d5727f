/**
 * Invalid input the user can fix: a missing path, an invalid pack, an unknown level id. `main` prints
 * its message without a stack trace and exits with 2.
 */
export class InputError extends Error {
  /** Lines printed after the message, such as a pack's diagnostics. */
  readonly details: string[];

  constructor(message: string, details: string[] = []) {
    super(message);
    this.name = "InputError";
    this.details = details;
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
