/**
 * The pack templates served beside the studio (`templates/`, written at build time from the
 * repository's packs): one per family of mechanics, each a game with its first levels and images.
 * @module
 */
import type { PackFiles } from "@gridponder/schema";

export interface TemplateEntry {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
}

const SAFE_PATH =
  /^(?:manifest\.json|game\.json|theme\.json|levels\/[A-Za-z0-9._-]+\.json|assets\/(?:[A-Za-z0-9._-]+\/)*[A-Za-z0-9._-]+)$/;

/** The templates on offer; none when the studio is served without them. */
export async function fetchTemplates(): Promise<TemplateEntry[]> {
  const response = await fetch("templates/index.json", { credentials: "same-origin" });
  if (!response.ok) return [];
  const json = (await response.json()) as { format?: unknown; templates?: unknown };
  if (json.format !== "gridponder-studio-templates@1" || !Array.isArray(json.templates)) return [];
  return json.templates.filter(
    (t): t is TemplateEntry =>
      typeof t?.slug === "string" && /^[a-z0-9-]+$/.test(t.slug) && typeof t.title === "string",
  );
}

function bytesOf(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** A template's files. */
export async function fetchTemplate(slug: string): Promise<PackFiles> {
  if (!/^[a-z0-9-]+$/.test(slug)) throw new Error(`no template ${JSON.stringify(slug)}`);
  const response = await fetch(`templates/${slug}.json`, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`template ${slug} could not be fetched (${response.status})`);
  const json = (await response.json()) as {
    text?: Record<string, unknown>;
    assets?: Record<string, unknown>;
  };
  const files: PackFiles = Object.create(null);
  for (const [path, value] of Object.entries(json.text ?? {}))
    if (SAFE_PATH.test(path) && typeof value === "string") files[path] = value;
  for (const [path, value] of Object.entries(json.assets ?? {}))
    if (SAFE_PATH.test(path) && path.startsWith("assets/") && typeof value === "string")
      files[path] = bytesOf(value);
  return files;
}
