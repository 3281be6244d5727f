// The import rules that keep the architecture of issue 38: data flows one way (pack → schema → engine →
// view → renderers/player → pages), search lives beside the runtime, and no package depends on an app.
// Run by the README's test command (`pnpm test`, via `pnpm depcruise`). Every rule holds with no
// exception: there is no list of tolerated violations, so any violation fails.

/** A third-party module, resolved (into node_modules) or not (a bare name): `npm("three")`. */
const npm = (name) => [`^${name}(/|$)`, `node_modules/${name}/`];

/** Modules that need a DOM or a drawing surface: the view must stay free of them. */
const DOM_MODULES = [
  "^packages/(player|renderer-[^/]+)/",
  "^@gridponder/(player|renderer-[^/]+)(/|$)",
  ...npm("three"),
  ...npm("@types/three"),
  ...npm("jsdom"),
  ...npm("dompurify"),
];

export default {
  forbidden: [
    {
      name: "no-cycle",
      comment: "An import cycle, type-only imports included: the layers must form a tree.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "engine-not-search",
      comment:
        "The engine is the runtime: it never imports search or analysis code (engine src/search, src/analysis, or the solver).",
      severity: "error",
      from: { path: "^packages/engine/src/", pathNot: "^packages/engine/src/(search|analysis)/" },
      to: {
        path: ["^packages/engine/src/(search|analysis)/", "^packages/solver/", "^@gridponder/solver(/|$)"],
      },
    },
    {
      name: "match-runtime-not-bots-or-checks",
      comment:
        "The match runtime and its compiler never import the bots, the game-tree counts or the validator: those build on the runtime, one way.",
      severity: "error",
      from: { path: "^packages/match/src/(runtime|compile|types|contract)" },
      to: { path: "^packages/match/src/(bots|analysis|validate)/" },
    },
    {
      name: "match-entry-no-validator",
      comment:
        "The match package's main entry (what a player page loads) does not reach the validator or its JSON Schemas: they have their own entry, @gridponder/match/validate.",
      severity: "error",
      from: { path: "^packages/match/src/index\\.ts$" },
      to: { path: ["^packages/match/src/(validate|generated)/", ...npm("ajv")], reachable: true },
    },
    {
      name: "view-no-dom",
      comment:
        "The view is presentation without a DOM: it imports no renderer, no player and no DOM library (its tsconfig's lib has no DOM, which catches DOM globals).",
      severity: "error",
      from: { path: "^packages/view/" },
      to: { path: DOM_MODULES },
    },
    {
      name: "renderer-svg-only-view",
      comment: "The SVG renderer depends on the view and node's built-ins only.",
      severity: "error",
      from: { path: "^packages/renderer-svg/src/" },
      to: {
        pathNot: ["^packages/renderer-svg/", "^packages/view/src/", "^@gridponder/view$"],
        dependencyTypesNot: ["core"],
      },
    },
    {
      name: "renderer-three-only-view-and-three",
      comment: "The three.js renderer depends on the view, three and node's built-ins only.",
      severity: "error",
      from: { path: "^packages/renderer-three/src/" },
      to: {
        pathNot: [
          "^packages/renderer-three/",
          "^packages/view/src/",
          "^@gridponder/view$",
          ...npm("three"),
          ...npm("@types/three"),
        ],
        dependencyTypesNot: ["core"],
      },
    },
    {
      name: "player-canvas-only-view",
      comment:
        "The player's 2D canvas renderer implements the view's renderer contract with the view and the player's own gesture helpers only: no three.js, no engine, no schema.",
      severity: "error",
      from: { path: "^packages/player/src/canvas-renderer" },
      to: {
        pathNot: ["^packages/player/src/", "^packages/view/src/", "^@gridponder/view$"],
        dependencyTypesNot: ["core"],
      },
    },
    {
      name: "agent-beside-the-runtime",
      comment:
        "Agents play through the engine and the view model like any player: the agent package never reaches into the CLI, the catalog, the player or a renderer's internals.",
      severity: "error",
      from: { path: "^packages/agent/src/" },
      to: {
        path: [
          "^packages/(cli|catalog|player|renderer-three|studio)/",
          "^@gridponder/(cli|catalog|player|renderer-three)(/|$)",
        ],
      },
    },
    {
      name: "package-not-app",
      comment:
        "Apps build on packages, never the reverse: nothing under packages/ imports anything under apps/.",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    exclude: {
      path: ["/node_modules/", "/dist/", "/studio/site/", "/\\.astro/", "/\\.turbo/", "/test/fixtures/"],
    },
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: a cycle through `import type` still ties two layers together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "types", "default", "node"],
      extensions: [".ts", ".mts", ".js", ".mjs", ".d.ts", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
