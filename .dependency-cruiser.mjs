// The import rules of the monorepo (issue 38), checked by the README's test command (`pnpm test`).
// Workspace packages resolve to their sources (tsconfig.depcruise.json), so the check needs no build.
// Known violations of the current tree are listed in .dependency-cruiser-known-violations.json and
// ignored (--ignore-known) until the code that breaks them is moved; new ones fail.

/** A module of another workspace package, by its source folder or, if unresolved, by its package name. */
const pkg = (...names) => names.map((name) => `^packages/${name}/|^@gridponder/${name}(/|$)`).join("|");

/** Browser-only code: the view model must run without a DOM (in node, in a worker, in a terminal). */
const DOM_MODULES = [
  pkg("player", "renderer-[^/]+"),
  "(^|/)node_modules/(three|jsdom|happy-dom|dompurify|playwright-core)/",
  "^(three|jsdom|happy-dom|dompurify|playwright-core)(/|$)",
].join("|");

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circle, type-only imports included: every module has a place in a layer.",
      from: {},
      to: { circular: true },
    },
    {
      name: "engine-not-search",
      severity: "error",
      comment: "The engine is the runtime: it never imports its search models or analyses, nor the solver.",
      from: { path: "^packages/engine/src/", pathNot: "^packages/engine/src/(search|analysis)/" },
      to: { path: `^packages/engine/src/(search|analysis)/|${pkg("solver")}` },
    },
    {
      name: "view-no-dom",
      severity: "error",
      comment: "The view model has no DOM: it never imports the player, a renderer, three or a DOM library.",
      from: { path: "^packages/view/src/" },
      to: { path: DOM_MODULES },
    },
    {
      name: "renderer-three-only-view-and-three",
      severity: "error",
      comment: "renderer-three draws the view model with three: it imports nothing else of the repository.",
      from: { path: "^packages/renderer-three/src/" },
      to: {
        dependencyTypesNot: ["core"],
        pathNot: `^packages/renderer-three/src/|${pkg("view")}|(^|/)node_modules/three/|^three(/|$)`,
      },
    },
    {
      name: "renderer-only-view",
      severity: "error",
      comment: "A renderer draws the view model with its drawing library only (renderer-svg: none).",
      from: { path: "^packages/(renderer-(?!three/)[^/]+)/src/" },
      to: { dependencyTypesNot: ["core"], pathNot: `^packages/$1/src/|${pkg("view")}` },
    },
    {
      name: "packages-not-apps",
      severity: "error",
      comment: "A package never imports an app: what it needs from one moves into a package.",
      from: { path: "^packages/" },
      to: { path: "^apps/|^@gridponder/catalog(/|$)" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "Every import resolves, so that no rule above is dodged by a name it cannot follow.",
      from: {},
      // astro:* modules are Astro's own, made while it builds the site.
      to: { couldNotResolve: true, pathNot: "^astro:" },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "(^|/)(dist|node_modules|test|bench)/|\\.test\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".js", ".mjs", ".d.ts", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
