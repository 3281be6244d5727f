import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { namesFromFolder, starterFiles } from "@gridponder/templates";
import type { Command } from "commander";
import { type CliContext, printJson, printLine } from "../context.js";
import { InputError, refusedPath } from "../errors.js";
import { unreadable } from "../packs.js";
import { inlineText } from "../terminal-text.js";

async function requireEmptyOrMissing(folder: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    if (code === "ENOTDIR") {
      const info = await stat(folder).catch(() => null);
      throw new InputError(
        info ? `${folder} exists and is not a folder` : `${folder} lies under a file, not a folder`,
      );
    }
    throw unreadable(folder, error);
  }
  if (entries.length > 0) throw new InputError(`${folder} is not empty; refusing to overwrite it`);
}

/**
 * Creates a folder and its missing parents one at a time. (Node's `mkdir` with `recursive` never
 * returns for a path under `/proc`, where a missing parent cannot be made.)
 */
async function createFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST" && (await stat(folder)).isDirectory()) return;
    const parent = dirname(folder);
    if (code !== "ENOENT" || parent === folder) throw error;
    await createFolder(parent);
    await mkdir(folder);
  }
}

async function runNew(ctx: CliContext, folder: string, title: string | undefined): Promise<void> {
  await requireEmptyOrMissing(folder);
  const names = namesFromFolder(basename(resolve(folder)), title);
  const files = starterFiles(names, "cli");
  try {
    for (const [path, content] of Object.entries(files)) {
      await createFolder(dirname(resolve(folder, path)));
      await writeFile(join(folder, path), content, { flag: "wx" });
    }
  } catch (error) {
    throw refusedPath("create the pack in", folder, error);
  }
  if (ctx.json) {
    printJson(ctx, { path: folder, gameId: names.gameId, title: names.title, files: Object.keys(files) });
    return;
  }
  const shownFolder = inlineText(folder);
  printLine(ctx, `Created ${ctx.colors.bold(inlineText(names.title))} in ${shownFolder}:`);
  for (const path of Object.keys(files)) printLine(ctx, `  ${path}`);
  printLine(ctx);
  printLine(ctx, "Next:");
  printLine(ctx, `  gridponder validate ${shownFolder}`);
  printLine(ctx, `  gridponder play ${shownFolder}`);
}

export function registerNew(program: Command, ctx: CliContext): void {
  program
    .command("new")
    .description("create a small, valid starter pack to edit")
    .argument("<folder>", "where to create the pack (must be missing or empty)")
    .option("--title <title>", "the pack's title (default: from the folder name)")
    .addHelpText(
      "after",
      `
The pack is an avatar game (avatar_navigation + push_objects) with two levels: reach a flag,
then push a crate onto a mark. Exit code 2 when the folder is not empty.

Example:
  gridponder new my-pack && gridponder validate my-pack`,
    )
    .action((folder: string, options: { title?: string }) => runNew(ctx, folder, options.title));
}
