/** The environment variable naming the conformance corpus's folder. */
export declare const CORPUS_VARIABLE: "GRIDPONDER_CONFORMANCE";
/** Where the corpus is looked for without it, from the repository root. */
export declare const DEFAULT_CORPUS: "../shared/conformance";
/** Test files that need the corpus end so; no other test file may read it. */
export declare const CORPUS_TEST_SUFFIX: ".conformance.test.ts";
/** The repository's root folder. */
export declare const REPO_ROOT: string;
/** The corpus folder `env` names (resolved from the repository root), else the default. */
export declare function corpusLocation(env?: NodeJS.ProcessEnv): string;
/** Whether a corpus (its `packs/` and `traces/`) is in `dir`. */
export declare function corpusFound(dir: string): boolean;
/** Whether `env` says this runs under CI (`CI` set to anything but empty, `false` or `0`). */
export declare function runningInCI(env?: NodeJS.ProcessEnv): boolean;
/** What to tell someone whose corpus is not at `dir`: what it is and how to point the tests at it. */
export declare function missingCorpusHelp(dir: string): string;
/** The corpus folder for this process. */
export declare const CORPUS: string;
/** Whether the corpus is there. */
export declare const HAS_CORPUS: boolean;
