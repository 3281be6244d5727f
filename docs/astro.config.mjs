// The documentation site. `scripts/generate.mjs` writes the generated parts first (the DSL reference
// from @gridponder/schema, the live examples' compiled packs, the JSON Schemas); `scripts/build.mjs`
// runs both and fails on any warning.
import starlight from "@astrojs/starlight";
import { defineConfig, passthroughImageService } from "astro/config";
import starlightLinksValidator from "starlight-links-validator";
import starlightTypeDoc, { typeDocSidebarGroup } from "starlight-typedoc";
import { OptionDefaults } from "typedoc";

const site = process.env.GRIDPONDER_DOCS_SITE || "https://gridponder.dev";

/** JSDoc tags ts-json-schema-generator reads from the types (limits, formats, our own `gp*` tags). */
const SCHEMA_TAGS = [
  "@asType",
  "@minimum",
  "@exclusiveMinimum",
  "@maximum",
  "@minLength",
  "@maxLength",
  "@minItems",
  "@maxItems",
  "@uniqueItems",
  "@pattern",
  "@discriminator",
  "@gpRef",
  "@gpPhases",
  "@gpEmits",
  "@deprecationMessage",
];

/** The published packages whose API reference typedoc generates, with their entry points. */
const API_PACKAGES = [
  ["schema", ["src/index.ts", "src/node.ts"]],
  ["engine", ["src/index.ts", "src/node.ts"]],
  ["solver", ["src/index.ts", "src/node.ts"]],
  ["view", ["src/index.ts"]],
  ["player", ["src/index.ts", "src/node.ts"]],
  ["renderer-three", ["src/index.ts"]],
  ["renderer-svg", ["src/index.ts"]],
  ["agent", ["src/index.ts", "src/node.ts"]],
  ["match", ["src/index.ts", "src/validate.ts"]],
  ["import", ["src/index.ts"]],
  ["analysis", ["src/index.ts", "src/report/index.ts"]],
];

export default defineConfig({
  site,
  trailingSlash: "always",
  // Every page carries a Content-Security-Policy (a <meta>, so it holds on any static host); Astro
  // hashes the inline scripts and <style> elements Starlight and Expressive Code emit. Both also set
  // CSS variables in style attributes, which only `style-src-attr` can allow; attributes cannot load
  // or run anything, and the site shows no third-party text. Pagefind's search index is WebAssembly.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
      styleDirective: {
        resources: [
          { resource: "'self'", kind: "element" },
          { resource: "'unsafe-inline'", kind: "attribute" },
        ],
      },
    },
  },
  // The guides' screenshots (src/assets/) are committed already shrunk; they are copied as they are, so
  // the build needs no image library (sharp is not a dependency of the site).
  image: { service: passthroughImageService() },
  // Code blocks are highlighted by Starlight's Expressive Code; Astro's own Shiki pass would write
  // inline styles the CSP forbids.
  markdown: { syntaxHighlight: false },
  vite: {
    build: {
      // The live examples' player (three.js included) is one ~720 kB chunk, loaded only by pages that
      // embed an example; the player package's tests hold its gzipped size to a budget.
      chunkSizeWarningLimit: 900,
      rollupOptions: {
        // Astro 7.3 marks every MDX page with a directive the bundler warns it may drop; the warning is
        // harmless and tracked upstream (withastro/astro#18087). Only that warning is dropped: the
        // build fails on any other (scripts/build.mjs).
        onwarn(warning, warn) {
          if (
            warning.code === "MODULE_LEVEL_DIRECTIVE" &&
            String(warning.message).includes("astro:head-inject")
          )
            return;
          warn(warning);
        },
      },
    },
  },
  integrations: [
    starlight({
      title: "Gridponder",
      description: "Deterministic grid puzzle games defined as JSON data: the DSL, its tools and its SDK.",
      editLink: { baseUrl: "https://github.com/gridponder/gridponder/edit/main/docs/" },
      social: [{ icon: "github", label: "GitHub", href: "https://github.com/gridponder/gridponder" }],
      lastUpdated: false,
      disable404Route: true,
      plugins: [
        starlightLinksValidator({ errorOnRelativeLinks: false }),
        starlightTypeDoc({
          entryPoints: API_PACKAGES.map(([name]) => `../packages/${name}`),
          tsconfig: "../tsconfig.base.json",
          output: "api",
          sidebar: { label: "API reference", collapsed: true },
          typeDoc: {
            entryPointStrategy: "packages",
            // Names the module of a package's second entry point, and lets @gridponder/match name its
            // runtime's internals (see the plugin).
            plugin: ["./scripts/typedoc-plugin.mjs"],
            readme: "api-intro.md",
            // Index pages, so the reference lives at /api/ and each package at /api/gridponder/<name>/.
            entryFileName: "index",
            // In "packages" mode each package is read with these options, not the root's. A package's
            // index is its entry point; @gridponder/match has a second, its validator (kept apart so
            // that a page which only plays never loads it), and no other package has src/validate.ts.
            packageOptions: {
              entryPoints: ["src/@(index|validate).ts"],
              readme: "README.md",
              excludePrivate: true,
              excludeInternal: true,
              // The repository's public URL is not fixed yet, so no source links rather than broken ones.
              disableSources: true,
              // Tags the schema package's types carry for the JSON Schema generator.
              blockTags: [...OptionDefaults.blockTags, ...SCHEMA_TAGS],
            },
          },
        }),
      ],
      sidebar: [
        { label: "Getting started", items: [{ autogenerate: { directory: "getting-started" } }] },
        { label: "Guides", items: [{ autogenerate: { directory: "guides" } }] },
        {
          label: "DSL reference",
          items: [
            { label: "Overview", link: "/reference/" },
            { label: "Files", items: [{ autogenerate: { directory: "reference/files" } }] },
            {
              label: "Systems",
              collapsed: true,
              items: [{ autogenerate: { directory: "reference/systems" } }],
            },
            { label: "Rules", items: [{ autogenerate: { directory: "reference/rules" } }] },
            {
              label: "Goals and lose conditions",
              items: [{ autogenerate: { directory: "reference/goals" } }],
            },
          ],
        },
        {
          label: "Match format reference",
          items: [
            { label: "Overview", link: "/reference/match/" },
            { label: "Files", items: [{ autogenerate: { directory: "reference/match/files" } }] },
            { label: "Moves", link: "/reference/match/moves/" },
            { label: "Expressions", link: "/reference/match/expressions/" },
            { label: "Effects", link: "/reference/match/effects/" },
          ],
        },
        typeDocSidebarGroup,
      ],
    }),
  ],
});
