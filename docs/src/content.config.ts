import { defineCollection } from "astro:content";
import { i18nLoader } from "@astrojs/starlight/loaders";
import { docsSchema, i18nSchema } from "@astrojs/starlight/schema";
import { glob } from "astro/loaders";

export const collections = {
  // Starlight's docsLoader reads every Markdown file not starting with `_`, so a README.md would become
  // a page (and fail the build for want of a title). The READMEs in the content folders are for readers
  // of the repository, whom GitHub shows them when they browse a folder; this is the same loader with
  // them left out.
  docs: defineCollection({
    loader: glob({
      base: "./src/content/docs",
      pattern: ["**/[^_]*.{markdown,mdown,mkdn,mkd,mdwn,md,mdx}", "!**/README.md"],
    }),
    schema: docsSchema(),
  }),
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
};
