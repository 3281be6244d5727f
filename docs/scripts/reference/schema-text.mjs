// Turns pieces of the generated JSON Schemas into Markdown (MDX-safe) text: type expressions, field
// tables and the shapes of named definitions. Pure functions of the schema documents.

/** The name a `$ref` points at (`#/definitions/Name` → `Name`), or `null`. */
export function refName(node) {
  const ref = node?.$ref;
  return typeof ref === "string" && ref.startsWith("#/definitions/")
    ? ref.slice("#/definitions/".length)
    : null;
}

/**
 * Text for MDX: `<`, `>`, `{` and `}` outside code spans and fences are written as entities, so doc
 * comments that mention `<layer>` or `{ … }` in prose neither break the page nor become markup.
 */
export function mdx(text) {
  const out = [];
  let fenced = false;
  for (const line of String(text).split("\n")) {
    if (line.trimStart().startsWith("```")) {
      fenced = !fenced;
      out.push(line);
      continue;
    }
    out.push(fenced ? line : escapeOutsideCode(line));
  }
  return out.join("\n");
}

function escapeOutsideCode(line) {
  return line
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.startsWith("`") && part.endsWith("`") && part.length > 1
        ? part
        : part.replace(/[<>{}]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "{": "&#123;", "}": "&#125;" })[c]),
    )
    .join("");
}

/** One line of text for a table cell: paragraphs joined, pipes escaped. */
export function cell(text) {
  return mdx(String(text ?? "").replace(/\s*\n\s*/g, " ")).replace(/\|/g, "\\|");
}

/** A JSON value as inline code. */
export function code(value) {
  const text = JSON.stringify(value);
  // A backtick inside the value would end the span early; a double-backtick span takes it.
  return text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/**
 * A type expression for a schema node. `link(name)` returns the Markdown for a named definition
 * (a link to its section, or just its name). With `shapes`, an object written in place shows its
 * fields (`{ "zone": string, "seat"?: Expr }`) rather than just `object`: the match format writes most
 * of its forms that way, and "object | object" would say nothing.
 */
export function typeText(node, link, options = {}) {
  if (node === true || node === undefined) return "any";
  const name = refName(node);
  if (name !== null) return link(name);
  const inner = (n) => typeText(n, link, options);
  if ("const" in node) return code(node.const);
  if (Array.isArray(node.enum)) return node.enum.map(code).join(" \\| ");
  if (Array.isArray(node.anyOf)) return node.anyOf.map(inner).join(" \\| ");
  if (Array.isArray(node.oneOf)) return node.oneOf.map(inner).join(" \\| ");
  const type = node.type;
  if (Array.isArray(type)) return type.map((t) => inner({ ...node, type: t })).join(" \\| ");
  if (type === "array") {
    if (Array.isArray(node.items)) return `[${node.items.map(inner).join(", ")}]`;
    // A list of a fixed length is a tuple: `[Expr, Expr]` says more than `Expr[]` with its limits.
    if (options.shapes && isTuple(node))
      return `[${new Array(node.maxItems).fill(inner(node.items)).join(", ")}]`;
    const item = inner(node.items);
    return item.includes("\\|") ? `(${item})[]` : `${item}[]`;
  }
  if (type === "object") {
    if (node.properties) return options.shapes ? shapeText(node, inner) : "object";
    const extra = node.additionalProperties;
    // `Record<string, never>`: an object that must stay empty, as in `{ "ply": {} }`.
    if (options.shapes && extra && typeof extra === "object" && extra.not !== undefined) return "`{}`";
    if (extra && extra !== true) return `map of ${inner(extra)}`;
    return "object";
  }
  if (type === "integer") return "integer";
  if (typeof type === "string") return type;
  return "any";
}

/** An object's fields in place, as JSON with types for values: `{ "ranking": string, "order"?: … }`. */
function shapeText(node, inner) {
  const required = new Set(node.required ?? []);
  const fields = Object.entries(node.properties).map(
    ([field, prop]) => `\`"${field}"\`${required.has(field) ? "" : "?"}: ${inner(prop)}`,
  );
  // Braces as entities: the text holds links, so it cannot be a code span, and MDX reads bare braces.
  // Each field's name is a code span, so the site's typography keeps its quotes straight.
  return `&#123; ${fields.join(", ")} &#125;`;
}

/** Whether a node is a short list of a fixed length, as `[Expr, Expr]` is. */
function isTuple(node) {
  return node.type === "array" && node.minItems === node.maxItems && node.maxItems > 0 && node.maxItems <= 4;
}

/** Limits a node states besides its type (ranges, lengths, patterns), as a short phrase. */
export function limits(node) {
  const parts = [];
  if (node.minimum !== undefined) parts.push(`≥ ${node.minimum}`);
  if (node.maximum !== undefined) parts.push(`≤ ${node.maximum}`);
  if (node.minLength !== undefined) parts.push(`at least ${node.minLength} characters`);
  if (node.maxLength !== undefined) parts.push(`at most ${node.maxLength} characters`);
  if (node.minItems !== undefined && !Array.isArray(node.items))
    parts.push(`at least ${node.minItems} items`);
  if (node.maxItems !== undefined && !Array.isArray(node.items)) parts.push(`at most ${node.maxItems} items`);
  if (node.uniqueItems) parts.push("no duplicates");
  return parts.join(", ");
}

/**
 * The table of an object definition's fields: name, type, whether required, default, description.
 * Returns "" for a definition without fields. `options` go to `typeText`.
 */
export function fieldTable(def, link, options = {}) {
  const props = def.properties ?? {};
  const names = Object.keys(props);
  if (names.length === 0) return "";
  const required = new Set(def.required ?? []);
  const rows = names.map((field) => {
    const prop = props[field];
    const deprecated = prop.deprecated ? " **Deprecated.**" : "";
    // A tuple's length is in its type already.
    const limit = options.shapes && isTuple(prop) ? "" : limits(prop);
    return `| \`${field}\` | ${typeText(prop, link, options)}${limit ? ` (${cell(limit)})` : ""} | ${
      required.has(field) ? "yes" : "no"
    } | ${prop.default === undefined ? "" : code(prop.default)} | ${cell(prop.description)}${deprecated} |`;
  });
  return ["| Field | Type | Required | Default | Description |", "|---|---|---|---|---|", ...rows].join("\n");
}

/** Every definition name a node refers to, directly or through nested nodes (not through other definitions). */
export function directRefs(node, into = new Set()) {
  if (Array.isArray(node)) {
    for (const n of node) directRefs(n, into);
  } else if (node && typeof node === "object") {
    const name = refName(node);
    if (name !== null) into.add(name);
    for (const [key, value] of Object.entries(node)) if (key !== "$ref") directRefs(value, into);
  }
  return into;
}
