// The README's test command after the lint: every package's typecheck, tests, publint and API report check
// through turbo, then a summary of the conformance suites, which need a corpus that is not in the repository.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import {
  CORPUS,
  CORPUS_TEST_SUFFIX,
  HAS_CORPUS,
  missingCorpusHelp,
  REPO_ROOT,
  runningInCI,
} from "../tools/conformance-corpus/src/location.js";

/** The corpus test files of each workspace package, by the package's folder. */
function corpusTestFiles() {
  const found = new Map();
  for (const group of ["packages", "apps", "tools", "docs"]) {
    const groupDir = join(REPO_ROOT, group);
    if (!existsSync(groupDir)) continue;
    const folders = group === "docs" ? [groupDir] : readdirSync(groupDir).map((name) => join(groupDir, name));
    for (const folder of folders) {
      let files = [];
      try {
        files = readdirSync(join(folder, "test"), { recursive: true, encoding: "utf8" });
      } catch {
        continue;
      }
      // A test's own fixture packages are not the package's suites.
      const corpus = files.filter(
        (file) => file.endsWith(CORPUS_TEST_SUFFIX) && !/(^|[\\/])fixture/.test(file),
      );
      if (corpus.length > 0) found.set(folder.slice(REPO_ROOT.length + 1), corpus.length);
    }
  }
  return found;
}

if (!HAS_CORPUS && runningInCI()) {
  console.error(
    `\n${missingCorpusHelp(CORPUS)}\nUnder CI the conformance suites must run: the tests did not start.\n`,
  );
  process.exit(1);
}

const turbo = spawn(
  "turbo",
  ["run", "typecheck", "test", "publint", "api", "--continue", "--concurrency=2"],
  {
    stdio: "inherit",
    // Part of the test tasks' cache key (turbo.json), so a corpus that appears later is tested, not replayed.
    env: { ...process.env, GRIDPONDER_CONFORMANCE_FOUND: HAS_CORPUS ? CORPUS : "none" },
  },
);
// Ctrl+C reaches turbo too; this process waits for it to stop and reports how it ended.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => turbo.kill("SIGTERM"));
turbo.on("exit", (code, signal) => {
  const files = corpusTestFiles();
  const total = [...files.values()].reduce((sum, n) => sum + n, 0);
  const where = [...files].map(([folder, n]) => `${folder} (${n})`).join(", ");
  if (HAS_CORPUS)
    console.log(`\nConformance suites: ${total} test files ran against the corpus at ${CORPUS}.`);
  else
    console.log(
      `\nConformance suites did not run: ${total} test files need the conformance corpus: ${where}.\n${missingCorpusHelp(CORPUS)}`,
    );
  process.exit(code ?? (signal === "SIGINT" ? 130 : 1));
});
