// Completes each built page's Content-Security-Policy <meta> with the hashes of the inline scripts and
// <style> elements the page holds. Astro hashes the code it bundles, but Starlight writes a few
// `is:inline` scripts (theme picker, search shortcut, sidebar state) that it leaves out; hashing what
// is really in each page keeps the policy free of 'unsafe-inline'.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const META = /<meta http-equiv="content-security-policy" content="([^"]*)">/i;

/** The `'sha256-…'` source of a script or style body, as browsers hash it. */
export function sourceHash(body) {
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/** The bodies of a page's inline scripts (those without `src`) and of its <style> elements. */
export function inlineCode(html) {
  const scripts = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\ssrc=/i.test(m[1] ?? "") && m[2].length > 0)
    .map((m) => m[2]);
  const styles = [...html.matchAll(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) => m[2]);
  return { scripts, styles };
}

/**
 * Adds `sources` to one directive of a policy, without duplicates. A missing directive starts as a
 * copy of `fallback` (the directive browsers would otherwise apply), so adding to it narrows nothing.
 */
function withSources(policy, directive, sources, fallback = "default-src") {
  const parts = policy
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean);
  const find = (name) => parts.findIndex((p) => p.split(/\s+/)[0] === name);
  const i = find(directive);
  const base = find(fallback);
  const existing =
    i >= 0 ? parts[i].split(/\s+/) : [directive, ...(base >= 0 ? parts[base].split(/\s+/).slice(1) : [])];
  for (const s of sources) if (!existing.includes(s)) existing.push(s);
  if (i >= 0) parts[i] = existing.join(" ");
  else parts.push(existing.join(" "));
  return `${parts.join("; ")};`;
}

/** Rewrites every HTML page under `dir`; returns how many there were. */
export function completePolicies(dir) {
  let pages = 0;
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".html")) {
        const html = readFileSync(path, "utf8");
        const meta = META.exec(html);
        if (meta === null) throw new Error(`${path} has no Content-Security-Policy <meta>`);
        const { scripts, styles } = inlineCode(html);
        let policy = meta[1];
        policy = withSources(policy, "script-src", scripts.map(sourceHash));
        // `style-src-elem` governs <style> elements once present; it is the directive Astro writes.
        policy = withSources(policy, "style-src-elem", styles.map(sourceHash), "style-src");
        writeFileSync(
          path,
          html.replace(META, `<meta http-equiv="content-security-policy" content="${policy}">`),
        );
        pages++;
      }
    }
  };
  walk(dir);
  return pages;
}
