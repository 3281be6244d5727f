/**
 * Published SVG files are sanitized at build time (Node.js only). A static host serves an SVG as a
 * document of the site's origin, and cannot be relied on to send a Content-Security-Policy with it, so
 * a pack's `<script>`, `onload=` or `javascript:` link would run on the catalog's origin when someone
 * opens the asset's URL. Every SVG a build publishes goes through {@link sanitizeSvg}.
 *
 * How: the text is first read with saxes (strict XML, the parser jsdom uses) to refuse what is not a
 * well-formed, reasonably sized SVG with a located reason; then parsed by jsdom as the browser will,
 * stripped of content outside the SVG namespace, and cleaned by DOMPurify's SVG profile (DOMPurify
 * recommends jsdom on Node). On top of that profile only references inside the file survive
 * (`href="#id"`, `url(#id)`, raster `data:` images), so a published file loads nothing else either.
 * @module
 */
import { open } from "node:fs/promises";
import { createRequire } from "node:module";
import createDOMPurify, { type DOMPurify, type RemovedAttribute, type RemovedElement } from "dompurify";
import type * as Jsdom from "jsdom";
import { SaxesParser } from "saxes";
import { unsafeCss } from "./svg-css.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const XML_NS = "http://www.w3.org/XML/1998/namespace";
/** HTML and MathML: markup whose removal changes what the file shows, so it is named in the warning. */
const MARKUP_NS: ReadonlySet<string> = new Set([
  "http://www.w3.org/1999/xhtml",
  "http://www.w3.org/1998/Math/MathML",
]);

/**
 * What a published SVG may be at most. Sanitizing costs about 4 s and 200 MB per MiB on a DOM for Node,
 * and both nesting and attributes per element cost quadratic time there, so these bound the work.
 */
export const SVG_LIMITS = {
  bytes: 1024 * 1024,
  elements: 20_000,
  depth: 128,
  attributesPerElement: 128,
} as const;

export type SvgSanitizeResult =
  | {
      readonly ok: true;
      /** The sanitized file, UTF-8 XML with the `<svg>` element as its root. */
      readonly svg: string;
      /** What was taken out (elements as `<name>`, attributes by name), for a warning; empty when nothing. */
      readonly removed: readonly string[];
    }
  | {
      readonly ok: false;
      /** What was expected. */
      readonly message: string;
      /** 1-based position in the file, when the refusal has one. */
      readonly line?: number;
      readonly column?: number;
    };

/** A refusal found while reading: what was expected, and where when known. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly at?: { readonly line: number; readonly column: number },
  ) {
    super(message);
  }
}

/**
 * Sanitizes one SVG file's bytes: refuses (with a reason) one that is not well-formed XML with an `<svg>`
 * root in the SVG namespace, is not UTF-8, declares entities, or exceeds {@link SVG_LIMITS}; otherwise
 * returns it without script, event handlers, `<foreignObject>`, animation of links, comments, processing
 * instructions, or references to anything outside the file. Sanitizing its output again changes nothing.
 */
export function sanitizeSvg(bytes: Uint8Array | string): SvgSanitizeResult {
  try {
    const size = typeof bytes === "string" ? Buffer.byteLength(bytes) : bytes.byteLength;
    if (size > SVG_LIMITS.bytes) throw new Refusal(tooBig(size));
    const text = typeof bytes === "string" ? bytes : decodeUtf8(bytes);
    checkStructure(text);
    return clean(text);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message, ...error.at };
    // Whatever else the DOM or DOMPurify stumble on is still the file's doing: refuse it, never crash.
    return { ok: false, message: `expected an SVG the sanitizer can read (${String(error)})` };
  }
}

/** Whether a published path names an SVG file (which is sanitized rather than copied). */
export function isSvgPath(path: string): boolean {
  return path.toLowerCase().endsWith(".svg");
}

/** {@link sanitizeSvg} of a file, read only when it is within {@link SVG_LIMITS}' size. */
export async function sanitizeSvgFile(path: string): Promise<SvgSanitizeResult> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    if (size > SVG_LIMITS.bytes) return { ok: false, message: tooBig(size) };
    return sanitizeSvg(await handle.readFile());
  } finally {
    await handle.close();
  }
}

function tooBig(size: number): string {
  return `expected at most ${SVG_LIMITS.bytes} bytes for an SVG, the file has ${size}`;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Refusal("expected UTF-8 text");
  }
}

/** Reads the text once with a strict XML parser, so that jsdom and DOMPurify only see bounded input. */
function checkStructure(text: string): void {
  const parser = new SaxesParser({
    xmlns: true,
    position: true,
    defaultXMLVersion: "1.0",
    forceXMLVersion: true,
  });
  let depth = 0;
  let elements = 0;
  let sawRoot = false;
  const refuse = (message: string): never => {
    throw new Refusal(message, { line: parser.line, column: parser.column });
  };
  parser.on("error", (error) => {
    // saxes starts its messages with "line:column: ".
    refuse(`expected well-formed XML: ${error.message.replace(/^\d+:\d+: /, "")}`);
  });
  parser.on("xmldecl", ({ encoding }) => {
    if (encoding !== undefined && !/^(utf-?8|us-ascii|ascii)$/i.test(encoding))
      refuse(`expected UTF-8, but the XML declaration names ${encoding}`);
  });
  parser.on("doctype", (doctype) => {
    if (doctype.includes("[")) refuse("a DOCTYPE with declarations (<!ENTITY …>) is not allowed");
  });
  parser.on("opentag", (tag) => {
    if (!sawRoot && (tag.local !== "svg" || tag.uri !== SVG_NS))
      refuse(
        `expected an <svg> root element with xmlns="${SVG_NS}", found <${tag.name}> ${tag.uri ? `in ${tag.uri}` : "in no namespace"}`,
      );
    // DOMPurify reads names with their prefix, so `<svg:svg>` would lose every element.
    if (!sawRoot && tag.prefix !== "")
      refuse(`expected the SVG namespace as the default (xmlns="${SVG_NS}"), not a prefix (<${tag.name}>)`);
    sawRoot = true;
    if (++elements > SVG_LIMITS.elements) refuse(`more than ${SVG_LIMITS.elements} elements`);
    if (++depth > SVG_LIMITS.depth) refuse(`elements nested more than ${SVG_LIMITS.depth} deep`);
    if (Object.keys(tag.attributes).length > SVG_LIMITS.attributesPerElement)
      refuse(`<${tag.name}> has more than ${SVG_LIMITS.attributesPerElement} attributes`);
  });
  parser.on("closetag", () => {
    depth--;
  });
  parser.write(text).close();
  if (!sawRoot) throw new Refusal(`expected an <svg> root element with xmlns="${SVG_NS}"`);
}

interface Sanitizer {
  readonly window: Jsdom.DOMWindow;
  readonly purify: DOMPurify;
}

let sanitizer: Sanitizer | null = null;

/**
 * One DOM and DOMPurify for the process, made on first use: loading jsdom takes half a second, which
 * builds without SVGs need not pay. Sanitizing is synchronous, so one instance serves every call.
 */
function sanitizerInstance(): Sanitizer {
  if (sanitizer) return sanitizer;
  const { JSDOM } = createRequire(import.meta.url)("jsdom") as typeof Jsdom;
  const { window } = new JSDOM("");
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook("uponSanitizeAttribute", (node, event) => {
    const local = event.attrName.slice(event.attrName.indexOf(":") + 1);
    if (local === "href") event.keepAttr = isLocalReference(node, event.attrValue);
    else if (event.attrName.startsWith("xml:") && event.attrName !== "xml:space") event.keepAttr = false;
    else if (unsafeCss(event.attrValue, "value") !== null) event.keepAttr = false;
  });
  sanitizer = { window, purify };
  return sanitizer;
}

/** A reference that stays in the file: `#id`, or a raster image's own bytes as a `data:` URL. */
function isLocalReference(node: Element, value: string): boolean {
  if (/^#[^\s#]+$/.test(value)) return true;
  const image = node.localName === "image" || node.localName === "feImage";
  return image && /^data:image\/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/=\s]*$/i.test(value);
}

function clean(text: string): SvgSanitizeResult {
  const { window, purify } = sanitizerInstance();
  const doc = new window.DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  // saxes accepted the text above, so jsdom (saxes again) parses it alike.
  if (root === null || root.namespaceURI !== SVG_NS || root.localName !== "svg")
    throw new Refusal("expected an <svg> root element");
  const removed = prepare(window, root);
  purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // `<use>` is left out of the profile for what its `href` can load; the hook keeps only `#id` ones.
    ADD_TAGS: ["use"],
    // Accessibility: a cover says `role="img"` beside its `<title>`.
    ADD_ATTR: ["role"],
    IN_PLACE: true,
  });
  for (const entry of purify.removed) removed.add(describe(entry));
  removed.delete("");
  return { ok: true, svg: new window.XMLSerializer().serializeToString(root), removed: [...removed] };
}

/**
 * Before DOMPurify: removes elements outside the SVG namespace (HTML inside an SVG, editors' metadata),
 * comments and processing instructions, and `<style>` sheets that would fetch; turns CDATA sections into
 * plain text, which DOMPurify would otherwise drop with the CSS they hold.
 */
function prepare(window: Jsdom.DOMWindow, root: Element): Set<string> {
  const removed = new Set<string>();
  const nodes: Node[] = [];
  for (const stack: Node[] = [root]; stack.length > 0; ) {
    const node = stack.pop() as Node;
    nodes.push(node);
    for (const child of node.childNodes) stack.push(child);
  }
  const { Node } = window;
  for (const node of nodes) {
    if (node.nodeType === Node.CDATA_SECTION_NODE)
      node.parentNode?.replaceChild(window.document.createTextNode(node.nodeValue ?? ""), node);
    else if (node.nodeType === Node.COMMENT_NODE || node.nodeType === Node.PROCESSING_INSTRUCTION_NODE)
      node.parentNode?.removeChild(node);
  }
  for (const node of nodes) {
    if (node.nodeType !== Node.ELEMENT_NODE || !node.parentNode) continue;
    const element = node as Element;
    if (element.namespaceURI !== SVG_NS) {
      // Another namespace is metadata of an editor (sodipodi, RDF), not worth a warning; markup is.
      if (MARKUP_NS.has(element.namespaceURI ?? "")) removed.add(`<${element.localName}>`);
      element.remove();
    } else if (element.localName === "style") {
      const reason = unsafeCss(element.textContent ?? "", "sheet");
      if (reason !== null) {
        removed.add(`<style> (${reason})`);
        element.remove();
      }
    }
  }
  return removed;
}

/** How a removal reads in a warning; editors' attributes in other namespaces are not worth one. */
function describe(entry: RemovedElement | RemovedAttribute): string {
  if ("element" in entry) {
    const node = entry.element as Node;
    return node.nodeType === 1 && (node as Element).namespaceURI === SVG_NS ? `<${node.nodeName}>` : "";
  }
  const attr = entry.attribute;
  if (!attr) return "";
  const ns = attr.namespaceURI;
  return ns === null || ns === XLINK_NS || ns === XML_NS ? `${attr.name}=` : "";
}
