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

/** Whether an error is the operating system's (a file-system call that failed), with its code. */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return (
    error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string" && "syscall" in error
  );
}

/**
 * An `InputError` for a path the file system refused, such as `cannot read packs/x (EACCES:
 * permission denied)`: `action` says what was tried, the system's code and reason why it failed.
 */
export function refusedPath(action: string, path: string, error: unknown): InputError {
  if (!isSystemError(error)) return new InputError(`cannot ${action} ${path} (${messageOf(error)})`);
  // `permission denied` from `EACCES: permission denied, scandir '/x'`.
  const reason = /^[A-Z]+: ([^,]+)/.exec(error.message)?.[1] ?? error.message;
  return new InputError(`cannot ${action} ${path} (${error.code}: ${reason})`);
}
