// @ts-check
// Plain JavaScript (typed in vitest.d.ts): vitest configs load this with Node as it is, unbundled.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { configDefaults } from "vitest/config";
import { CORPUS, CORPUS_TEST_SUFFIX, HAS_CORPUS, missingCorpusHelp, runningInCI } from "./location.js";

/** @param {string} root */
export function corpusTestFiles(root) {
  return readdirSync(join(root, "test"), { recursive: true, encoding: "utf8" })
    .map((path) => path.split("\\").join("/"))
    .filter((path) => path.endsWith(CORPUS_TEST_SUFFIX))
    .map((path) => `test/${path}`)
    .sort();
}

/**
 * Ends a run that left corpus files out by naming them, so the summary says what did not run.
 * @param {readonly string[]} files
 * @returns {import("vitest/node").Reporter}
 */
function corpusAbsentReporter(files) {
  return {
    onTestRunEnd() {
      const lines = [
        "",
        `Conformance suites not run (${files.length} test files need the corpus):`,
        ...files.map((file) => `  ${file}`),
        missingCorpusHelp(CORPUS),
        "",
      ];
      process.stdout.write(`${lines.join("\n")}\n`);
    },
  };
}

/** @param {string} root */
export function corpusTestOptions(root) {
  const files = corpusTestFiles(root);
  if (HAS_CORPUS || files.length === 0) return {};
  if (runningInCI())
    throw new Error(
      `${missingCorpusHelp(CORPUS)}\nUnder CI the conformance suites must run: ${files.join(", ")}.`,
    );
  return {
    exclude: [...configDefaults.exclude, `**/*${CORPUS_TEST_SUFFIX}`],
    reporters: ["default", corpusAbsentReporter(files)],
  };
}
