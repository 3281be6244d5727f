import { basename } from "node:path";
import { FORMATS, type ImportResult, REPORT_FILE } from "@gridponder/import";
import { readSourceFile, writePackFolder } from "@gridponder/import/node";
import { countDiagnostics } from "@gridponder/schema";
import type { Command } from "commander";
import { type CliContext, printJson, printLine } from "../context.js";
import { diagnosticText } from "../diagnostic-text.js";
import { InputError, messageOf } from "../errors.js";
import { inlineText } from "../terminal-text.js";

async function runImport(ctx: CliContext, format: string, source: string, out: string): Promise<void> {
  const language = Object.hasOwn(FORMATS, format) ? FORMATS[format] : undefined;
  if (!language)
    throw new InputError(`unknown source format "${format}"; expected ${Object.keys(FORMATS).join(" or ")}`);
  let text: string;
  try {
    text = await readSourceFile(source);
  } catch (error) {
    throw new InputError(`cannot read ${source} (${messageOf(error)})`);
  }
  const result: ImportResult = language.run(basename(source), text);
  if (!result.ok) {
    ctx.exitCode = 2;
    if (ctx.json) {
      printJson(ctx, { source, format, ok: false, diagnostics: result.diagnostics });
      return;
    }
    const { errors } = countDiagnostics(result.diagnostics);
    printLine(ctx, diagnosticText(result.diagnostics, ctx.colors.isColorSupported));
    printLine(
      ctx,
      `${inlineText(source)}: not imported (${errors} error${errors === 1 ? "" : "s"}); nothing was written.`,
    );
    return;
  }
  try {
    await writePackFolder(out, result.files);
  } catch (error) {
    throw new InputError(`cannot write the pack to ${out} (${messageOf(error)})`);
  }
  const r = result.report;
  if (ctx.json) {
    printJson(ctx, {
      source,
      format,
      ok: true,
      out,
      files: Object.keys(result.files),
      report: r,
      diagnostics: result.diagnostics,
    });
    return;
  }
  if (result.diagnostics.length > 0)
    printLine(ctx, diagnosticText(result.diagnostics, ctx.colors.isColorSupported));
  printLine(
    ctx,
    `Imported ${inlineText(source)} (${language.title}) into ${inlineText(out)}: a match pack that validates.`,
  );
  printLine(
    ctx,
    `  ${r.notCarried.length} not carried over, ${r.readings.length} readings chosen, ${r.lacks.length} rules the source does not state`,
  );
  for (const item of r.lacks)
    printLine(ctx, `  - lacks ${inlineText(item.topic.toLowerCase())}: ${inlineText(item.text)}`);
  for (const item of r.notCarried)
    printLine(
      ctx,
      `  - not carried: ${inlineText(item.topic)} (${inlineText(item.pointer)}): ${inlineText(item.text)}`,
    );
  printLine(ctx, `The whole report is in ${inlineText(out)}/${REPORT_FILE}. Next:`);
  printLine(ctx, `  gridponder validate ${inlineText(out)}`);
}

export function registerImport(program: Command, ctx: CliContext): void {
  program
    .command("import")
    .description("compile a game written in another game-description language into a match pack")
    .argument("<format>", `the source language: ${Object.keys(FORMATS).join(" or ")}`)
    .argument("<source>", "the game's JSON file")
    .requiredOption("--out <folder>", "the pack folder to write (new, empty, or an earlier import's)")
    .addHelpText(
      "after",
      `
Formats:
  sdgdl   the state-driven GDL (a specification with interactions and game_flow)
  bagel   B.A.G.E.L. (entities, moves, turn, endIf)

The pack gets manifest.json, game.json, theme.json and ${REPORT_FILE}: what did not carry
over, which reading was chosen where the source language's document is silent, and which rules
the source does not state. A source that cannot be imported faithfully (an unknown function,
move type or condition) is refused with located diagnostics, exit code 2, and nothing written.

Example:
  gridponder import sdgdl chess.json --out packs/sdgdl-chess`,
    )
    .action((format: string, source: string, options: { out: string }) =>
      runImport(ctx, format, source, options.out),
    );
}
