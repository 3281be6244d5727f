// The public API of every published package, as API Extractor reports checked in beside it
// (`<package>/api/<name>.api.md`, one per entry point of the package's exports map). Without arguments the
// reports are checked: a change to what an entry point exports fails, naming the entry points and the command
// that updates them. `--update` rewrites the reports; `--package <dir>` limits both to one package.
// Reads the built declarations (`dist/**/*.d.ts`): build first.
//
// API Extractor 7 analyses one entry point per configuration (rushstack#1596), so each entry point gets its own
// configuration, made here in memory rather than as api-extractor.json files; the entry points of a package
// share one TypeScript program, which is most of the cost.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel } from "@microsoft/api-extractor";

const REPO_ROOT = resolve(import.meta.dirname, "..");
const GROUPS = ["packages", "apps"];
const REPORT_FOLDER = "api";
const UPDATE_COMMAND = "pnpm api:update";

/**
 * How API Extractor's findings are reported. A finding that is not written into a report fails the check, so
 * each rule here is either a real problem or off.
 */
const MESSAGES = {
  compilerMessageReporting: { default: { logLevel: "error" } },
  extractorMessageReporting: {
    default: { logLevel: "warning" },
    // Release tags are not used: everything exported is public unless marked `@internal`.
    "ae-missing-release-tag": { logLevel: "none" },
    // `@internal` names keep their names: the underscore convention is not this codebase's.
    "ae-internal-missing-underscore": { logLevel: "none" },
    // A type the API uses but no entry point of the package exports: a fault of the package, which fails.
    // API Extractor sees one entry point at a time, so a type exported by a sibling entry point of the same
    // package (the main one, mostly) is let through below.
    "ae-forgotten-export": { logLevel: "warning" },
    "ae-incompatible-release-tags": { logLevel: "warning", addToApiReportFile: true },
    "ae-internal-mixed-release-tag": { logLevel: "warning", addToApiReportFile: true },
    // Documentation is reviewed, not counted: the report marks undocumented members "(undocumented)".
    "ae-undocumented": { logLevel: "none" },
    "ae-unresolved-inheritdoc-reference": { logLevel: "warning", addToApiReportFile: true },
    "ae-unresolved-inheritdoc-base": { logLevel: "warning", addToApiReportFile: true },
    "ae-wrong-input-file-type": { logLevel: "error" },
    // A `{@link}` to a name the entry point does not export; one exported by a sibling entry point is let
    // through below, as for forgotten exports.
    "ae-unresolved-link": { logLevel: "warning" },
  },
  // Doc comments are written for TypeDoc and the JSON Schema generator, not TSDoc's grammar: the schema's
  // types carry `@default`, `@maxLength`, `@gpRef` and the like, which TSDoc does not define.
  tsdocMessageReporting: { default: { logLevel: "none" } },
};

const { values: args } = parseArgs({
  options: {
    update: { type: "boolean", default: false },
    package: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (args.help) {
  console.log(`node scripts/api-report.mjs [--update] [--package <dir>]
  checks (or with --update rewrites) the API reports <package>/api/*.api.md of the published packages`);
  process.exit(0);
}

/** The published workspace packages: their folder and package.json. */
function publicPackages() {
  const found = [];
  for (const group of GROUPS) {
    for (const name of readdirSync(join(REPO_ROOT, group)).sort()) {
      const dir = join(REPO_ROOT, group, name);
      const file = join(dir, "package.json");
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, "utf8"));
      if (!manifest.private && manifest.exports) found.push({ dir, manifest });
    }
  }
  return found;
}

/**
 * The entry points of an exports map with declarations, each with its report's name: `engine` for
 * `@gridponder/engine`, `engine-search-contract` for `@gridponder/engine/search-contract`. Patterns
 * (`./schemas/*`) and `./package.json` are files, not modules.
 */
function entryPoints(dir, manifest) {
  const unscoped = manifest.name.replace(/^@[^/]+\//, "");
  const entries = [];
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (subpath.includes("*") || subpath === "./package.json") continue;
    const types = typeof target === "object" && target !== null ? target.types : undefined;
    if (typeof types !== "string") continue;
    const suffix = subpath === "." ? "" : `-${subpath.slice(2).replaceAll("/", "-")}`;
    entries.push({ subpath, dts: join(dir, types), report: `${unscoped}${suffix}` });
  }
  return entries;
}

/** One entry point's configuration, as an api-extractor.json would hold it. */
function configFor(dir, entry, tempFolder) {
  const configObject = {
    projectFolder: dir,
    mainEntryPointFilePath: entry.dts,
    // The package's own compiler options (its lib, its types); API Extractor keeps only the .d.ts files.
    compiler: { tsconfigFilePath: join(dir, "tsconfig.build.json") },
    apiReport: {
      enabled: true,
      reportFileName: entry.report,
      reportFolder: join(dir, REPORT_FOLDER),
      reportTempFolder: tempFolder,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    newlineKind: "lf",
    messages: MESSAGES,
  };
  return ExtractorConfig.prepare({
    configObject,
    // Stands for the configuration file there would be: it names the package folder in API Extractor's messages.
    configObjectFullPath: join(dir, "api-extractor.json"),
    packageJsonFullPath: join(dir, "package.json"),
  });
}

/** `packages/engine/src/x.ts:12:3` for a finding with a location. */
function located(message) {
  if (!message.sourceFilePath) return "";
  const file = relative(REPO_ROOT, message.sourceFilePath);
  return `${file}${message.sourceFileLine ? `:${message.sourceFileLine}:${message.sourceFileColumn ?? 1}` : ""}: `;
}

/** The names each entry point exports, read from the package's TypeScript program. */
function exportedNames(compilerState, entries) {
  const program = compilerState.program;
  const checker = program.getTypeChecker();
  return entries.map((entry) => {
    const file = program.getSourceFile(entry.dts);
    const module = file && checker.getSymbolAtLocation(file);
    return new Set(module ? checker.getExportsOfModule(module).map((symbol) => symbol.getName()) : []);
  });
}

/** Checks or updates one package's reports; returns what went wrong, one line an entry point. */
function runPackage({ dir, manifest }, tempFolder) {
  const label = `${manifest.name} (${relative(REPO_ROOT, dir)})`;
  const entries = entryPoints(dir, manifest);
  const missing = entries.filter((entry) => !existsSync(entry.dts));
  if (missing.length > 0) {
    return {
      failures: missing.map(
        (entry) =>
          `${label} ${entry.subpath}: ${relative(REPO_ROOT, entry.dts)} is missing: build the package first`,
      ),
      changed: [],
    };
  }
  const failures = [];
  const changed = [];
  if (args.update) mkdirSync(join(dir, REPORT_FOLDER), { recursive: true });
  let compilerState;
  let exported;
  for (const [index, entry] of entries.entries()) {
    const config = configFor(dir, entry, tempFolder);
    compilerState ??= CompilerState.create(config, { additionalEntryPoints: entries.map((e) => e.dts) });
    exported ??= exportedNames(compilerState, entries);
    const bySibling = (name) => exported.some((names, i) => i !== index && names.has(name));
    const findings = [];
    const diffs = [];
    const result = Extractor.invoke(config, {
      localBuild: args.update,
      compilerState,
      printApiReportDiff: !args.update,
      messageCallback(message) {
        message.handled = true;
        if (message.messageId === "console-api-report-diff") diffs.push(message.text);
        // API Extractor's own progress (and, in a check, its advice to copy files) is replaced by the summary.
        const failing =
          message.logLevel === ExtractorLogLevel.Error ||
          (message.logLevel === ExtractorLogLevel.Warning && message.category !== "console");
        const elsewhere =
          (message.messageId === "ae-forgotten-export" && /The symbol "([^"]+)"/.exec(message.text)) ||
          (message.messageId === "ae-unresolved-link" &&
            /does not have an export "([^"]+)"/.exec(message.text));
        if (elsewhere?.[1] !== undefined && bySibling(elsewhere[1])) return;
        if (failing) findings.push(`  ${located(message)}(${message.messageId}) ${message.text}`);
      },
    });
    const name = `${manifest.name}${entry.subpath === "." ? "" : entry.subpath.slice(1)}`;
    const reportPath = relative(REPO_ROOT, join(dir, REPORT_FOLDER, `${entry.report}.api.md`));
    if (findings.length > 0) failures.push(`${name}:\n${findings.join("\n")}`);
    if (result.apiReportChanged) {
      changed.push(`${name} → ${reportPath}`);
      for (const diff of diffs) console.error(`\n${name}: ${diff}`);
    }
    // `result.succeeded` counts the findings let through above as warnings too: errors are what count.
    if (result.errorCount > 0 && findings.length === 0)
      failures.push(`${name}: API Extractor failed with ${result.errorCount} errors`);
  }
  // A report of an entry point the package no longer has.
  const expected = new Set(entries.map((entry) => `${entry.report}.api.md`));
  const folder = join(dir, REPORT_FOLDER);
  for (const file of existsSync(folder) ? readdirSync(folder) : []) {
    if (!file.endsWith(".api.md") || expected.has(file)) continue;
    const path = join(folder, file);
    if (args.update) unlinkSync(path);
    changed.push(
      `${label}: ${relative(REPO_ROOT, path)} names no entry point${args.update ? ": removed" : ""}`,
    );
  }
  return { failures, changed, label, count: entries.length };
}

let packages = publicPackages();
if (args.package !== undefined) {
  const wanted = resolve(args.package);
  packages = packages.filter((pkg) => pkg.dir === wanted);
  if (packages.length === 0) {
    console.error(`api-report: ${args.package} is not a published workspace package (${GROUPS.join(", ")})`);
    process.exit(2);
  }
}

const tempFolder = mkdtempSync(join(tmpdir(), "gridponder-api-"));
const failures = [];
const changed = [];
try {
  for (const pkg of packages) {
    const started = performance.now();
    const outcome = runPackage(pkg, tempFolder);
    failures.push(...outcome.failures);
    changed.push(...outcome.changed);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (outcome.label) console.log(`api: ${outcome.label}: ${outcome.count} entry points, ${seconds} s`);
  }
} finally {
  rmSync(tempFolder, { recursive: true, force: true });
}

// Named from the repository's root, where the command runs (a package's `api` task passes `--package .`).
const scope = args.package === undefined ? "" : ` --package ${relative(REPO_ROOT, packages[0]?.dir ?? ".")}`;
if (changed.length > 0) {
  if (args.update) console.log(`\nAPI reports updated:\n  ${changed.join("\n  ")}`);
  else
    console.error(
      `\nThe public API changed; the reports no longer match:\n  ${changed.join("\n  ")}\n` +
        `If the change is meant, update the reports with \`${UPDATE_COMMAND}\` (or \`node scripts/api-report.mjs --update${scope}\`), ` +
        "review the diff and commit it with a changeset for the packages concerned.",
    );
}
if (failures.length > 0)
  console.error(`\nAPI Extractor findings (fix them; they fail the check):\n${failures.join("\n")}`);
process.exit(failures.length > 0 || (changed.length > 0 && !args.update) ? 1 : 0);
