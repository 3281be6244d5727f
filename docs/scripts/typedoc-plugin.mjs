// A TypeDoc plugin for the API reference: what the packages' own sources cannot say about their pages.
// starlight-typedoc loads it beside typedoc-plugin-markdown (astro.config.mjs), and TypeDoc converts
// each package in turn, so `app.options` is the package's own options while it is converted.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Converter, ReflectionKind } from "typedoc";

/**
 * Packages whose public types name internals they do not export. @gridponder/match's compiled game
 * holds closures (`Fn`, `Run`) and its runtime its state (`MatchState`): they are how it runs, not
 * what a caller uses, so the reference names them without a page and without a warning for each.
 */
const INTERNALS_NAMED = new Set(["@gridponder/match"]);

/** The name in a package folder's package.json; undefined outside "packages" mode. */
function packageName(dir) {
  if (dir === undefined) return undefined;
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name;
}

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_BEGIN, () => {
    if (INTERNALS_NAMED.has(packageName(app.options.packageDir)))
      app.options.setValue("validation", { notExported: false });
  });
  // A package with several entry points has a module per entry point, named after its file. The
  // module of `src/index.ts` would be written to <package>/index/, which on the site is the package's
  // own page: it takes the package's name instead (`match`, beside `validate`).
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const project = context.project;
    const modules = (project.children ?? []).filter((child) => child.kindOf(ReflectionKind.Module));
    if (modules.length < 2) return;
    for (const module of modules)
      if (module.name === "index") module.name = project.name.split("/").at(-1) ?? module.name;
  });
}
