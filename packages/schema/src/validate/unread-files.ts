import type { Reporter } from "./context.js";

/** Why a file or folder of a pack was found but not read. */
export type UnreadCode = "file-too-large" | "symlink" | "file-unreadable" | "folder-unreadable";

/** A file or folder of a pack that was found but not read, and why (see `readPackContents`). */
export interface UnreadFile {
  /** Pack-relative, forward slashes; a folder ends with `/`. */
  readonly path: string;
  readonly code: UnreadCode;
  /** Why, as a clause: `the file is a symbolic link, and symbolic links are not followed`. */
  readonly reason: string;
}

/**
 * Reports every unread file where it matters: an error for a folder and for a JSON file the pack is
 * made of (`isPackJson`), which leaves the pack incomplete; a warning for anything else (an asset
 * that is referenced is also named where it is referenced).
 */
export function reportUnread(
  report: Reporter,
  unread: readonly UnreadFile[],
  isPackJson: (path: string) => boolean,
): void {
  for (const file of unread) {
    const needed = file.path.endsWith("/") || isPackJson(file.path);
    report.report(file.path, "", needed ? "error" : "warning", file.code, `not read: ${file.reason}`);
  }
}
