/** The test files below `root`'s `test/` folder that need the corpus, as paths from `root`. */
export declare function corpusTestFiles(root: string): string[];

/**
 * The test options of a package whose tests include corpus files (named `*.conformance.test.ts`), for
 * its vitest config (`root` is the package's folder). With the corpus, nothing changes. Without it,
 * those files are left out and the run ends by naming them; under CI, where skipping them silently
 * would hide a broken set-up, loading the config fails instead.
 */
export declare function corpusTestOptions(root: string): {
  exclude?: string[];
  // Structural, not vitest's own types: a package's vitest may be another copy than this one's.
  reporters?: ("default" | { onTestRunEnd(): void })[];
};
