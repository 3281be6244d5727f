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
 * (a link to its section, or just its name).
 */
export function typeText(node, link) {
  if (node === true || node === undefined) return "any";
  const name = refName(node);
  if (name !== null) return link(name);
  if ("const" in node) return code(node.const);
  if (Array.isArray(node.enum)) return node.enum.map(code).join(" \\| ");
  if (Array.isArray(node.anyOf)) return node.anyOf.map((n) => typeText(n, link)).join(" \\| ");
  if (Array.isArray(node.oneOf)) return node.oneOf.map((n) => typeText(n, link)).join(" \\| ");
  const type = node.type;
  if (Array.isArray(type)) return type.map((t) => typeText({ ...node, type: t }, link)).join(" \\| ");
  if (type === "array") {
    if (Array.isArray(node.items)) return `[${node.items.map((n) => typeText(n, link)).join(", ")}]`;
    const inner = typeText(node.items, link);
    return inner.includes("\\|") ? `(${inner})[]` : `${inner}[]`;
  }
  if (type === "object") {
    if (node.properties) return "object";
    if (node.additionalProperties && node.additionalProperties !== true)
      return `map of ${typeText(node.additionalProperties, link)}`;
    return "object";
  }
  if (type === "integer") return "integer";
  if (typeof type === "string") return type;
  return "any";
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
 * Returns "" for a definition without fields.
 */
export function fieldTable(def, link) {
  const props = def.properties ?? {};
  const names = Object.keys(props);
  if (names.length === 0) return "";
  const required = new Set(def.required ?? []);
  const rows = names.map((field) => {
    const prop = props[field];
    const deprecated = prop.deprecated ? " **Deprecated.**" : "";
    const limit = limits(prop);
    return `| \`${field}\` | ${typeText(prop, link)}${limit ? ` (${cell(limit)})` : ""} | ${
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
