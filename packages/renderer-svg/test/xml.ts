/**
 * A strict reader of the subset of XML `sceneToSvg` writes: elements with double-quoted attributes, text
 * and the five predefined entities plus numeric ones. Anything else (an unquoted or unescaped value, a
 * stray `<`, an unclosed tag, a comment, CDATA, a processing instruction) throws, so tests can assert
 * that the output is well-formed and inspect what it draws.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text, entities decoded. */
  readonly text: string;
}

const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9a-f]+));/gi;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(raw: string): string {
  if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(raw)) throw new Error(`bare & in ${raw}`);
  return raw.replace(ENTITY, (_, name: string, dec: string, hex: string) =>
    name
      ? (NAMED[name.toLowerCase()] ?? "")
      : String.fromCodePoint(Number.parseInt(dec ?? hex, dec ? 10 : 16)),
  );
}

interface Building {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export function parseXml(source: string): XmlElement {
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;
  const attr = /\s+([\w:-]+)="([^"<]*)"/g;
  const stack: Building[] = [];
  let root: XmlElement | null = null;
  let i = 0;
  while (i < source.length) {
    const lt = source.indexOf("<", i);
    const text = source.slice(i, lt < 0 ? source.length : lt);
    if (text) {
      const top = stack.at(-1);
      if (!top) throw new Error(`text outside the root: ${text.slice(0, 40)}`);
      if (text.includes(">")) throw new Error(`unescaped > in text: ${text.slice(0, 40)}`);
      top.text += decode(text);
    }
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(source);
    if (!m) throw new Error(`malformed markup at ${lt}: ${source.slice(lt, lt + 60)}`);
    const [whole, closing, name = "", attrText = "", selfClosing] = m;
    i = lt + whole.length;
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      const done: XmlElement = open;
      if (stack.length === 0) root = done;
      else stack.at(-1)?.children.push(done);
      continue;
    }
    if (root) throw new Error("content after the root element");
    const attributes: Record<string, string> = {};
    for (const a of attrText.matchAll(attr)) {
      const key = a[1] ?? "";
      if (Object.hasOwn(attributes, key)) throw new Error(`duplicate attribute ${key}`);
      attributes[key] = decode(a[2] ?? "");
    }
    const element: Building = { name, attributes, children: [], text: "" };
    if (selfClosing) {
      if (stack.length === 0) root = element;
      else stack.at(-1)?.children.push(element);
    } else stack.push(element);
  }
  if (stack.length > 0 || !root) throw new Error(`unclosed <${stack.at(-1)?.name}>`);
  return root;
}

/** Every element of the tree, depth first. */
export function elements(root: XmlElement): XmlElement[] {
  return [root, ...root.children.flatMap(elements)];
}
