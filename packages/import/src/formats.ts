/**
 * The source languages an import reads, by the name the command line uses.
 * @module
 */

import { importBagel } from "./bagel/index.js";
import type { ImportResult } from "./pack.js";
import { importSdgdl } from "./sdgdl/index.js";

export interface SourceFormat {
  /** The language's name for people. */
  title: string;
  /** Compiles a source file's text into a match pack. */
  run(file: string, text: string): ImportResult;
}

/** The languages `gridponder import` reads. */
export const FORMATS: Record<string, SourceFormat> = {
  sdgdl: { title: "the state-driven GDL", run: importSdgdl },
  bagel: { title: "B.A.G.E.L.", run: importBagel },
};
