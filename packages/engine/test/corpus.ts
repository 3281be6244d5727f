import { join } from "node:path";

/** The conformance corpus beside the repo (see DEVELOPERS.md); read in place, never copied. */
export const CORPUS = join(import.meta.dirname, "../../../../shared/conformance");
export const PACKS = join(CORPUS, "packs");
export const TRACES = join(CORPUS, "traces");
