import { InputError } from "./errors.js";

/**
 * What a command says where the optional package it needs is not installed: what needs it, the
 * install line, and that the other commands work without it.
 */
export function missingPackageText(name: string, needs: string): string {
  return `${needs} ${name}, which is not installed here. Install it beside the CLI (npm install ${name}) and run the command again; validate, solve, play, trace, conformance, new, import, analyze and generate work without it.`;
}

/**
 * An optional peer dependency, loaded when a command needs it: `load` imports it (a literal
 * specifier, so its types follow). Only the package itself missing becomes an input error with
 * `missing` as its text; a dependency of it missing is a broken install, reported as is.
 */
export async function loadOptional<T>(name: string, missing: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === "ERR_MODULE_NOT_FOUND" && String((error as Error).message).includes(`'${name}'`))
      throw new InputError(missing);
    throw error;
  }
}
