import { mkdir, readdir, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import { type CliContext, printJson, printLine } from "../context.js";
import { InputError } from "../errors.js";
import { namesFromFolder, scaffoldFiles } from "../scaffold.js";
import { inlineText } from "../terminal-text.js";

async function requireEmptyOrMissing(folder: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    if (code === "ENOTDIR") throw new InputError(`${folder} exists and is not a folder`);
    throw error;
  }
  if (entries.length > 0) throw new InputError(`${folder} is not empty; refusing to overwrite it`);
}

async function runNew(ctx: CliContext, folder: string, title: string | undefined): Promise<void> {
  await requireEmptyOrMissing(folder);
  const names = namesFromFolder(basename(resolve(folder)), title);
  const files = scaffoldFiles(names);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), content, { flag: "wx" });
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
