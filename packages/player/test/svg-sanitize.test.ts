import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { OWN_PACKS } from "@gridponder/test-corpus";
import { Resvg } from "@resvg/resvg-js";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { SVG_LIMITS, sanitizeSvg } from "../src/svg-sanitize.js";

const NS = `xmlns="http://www.w3.org/2000/svg"`;
const XLINK = `xmlns:xlink="http://www.w3.org/1999/xlink"`;
const svg = (body: string, attrs = "") => `<svg ${NS} ${XLINK}${attrs}>${body}</svg>`;

/** Hostile files, each with something a published SVG must not keep. */
const HOSTILE: Record<string, string> = {
  script: svg(`<script>document.title="pwned"</script><rect width="4" height="4"/>`),
  "script in CDATA": svg(`<script><![CDATA[ alert(1) ]]></script><rect width="4"/>`),
  "onload on the root": svg(`<rect width="4"/>`, ` onload="alert(1)"`),
  "handlers in any case": svg(
    `<rect width="4" onclick="alert(1)" ONMOUSEOVER="alert(2)" onBegin="alert(3)"/>`,
  ),
  "javascript: link": svg(`<a href="javascript:alert(1)"><rect width="4"/></a>`),
  "javascript: xlink with tab and space": svg(
    `<a xlink:href=" jav&#x09;ascript:alert(1)"><text>go</text></a>`,
  ),
  "entity-encoded javascript:": svg(`<a href="&#106;avascript:alert(1)"><text>go</text></a>`),
  foreignObject: svg(
    `<foreignObject width="9" height="9"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/><iframe src="javascript:alert(2)"/></div></foreignObject>`,
  ),
  "HTML script outside foreignObject": svg(
    `<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>`,
  ),
  "set href to javascript:": svg(
    `<a><set attributeName="href" to="javascript:alert(1)"/><text>go</text></a>`,
  ),
  "animate values with javascript:": svg(
    `<a><animate attributeName="href" values="#a;javascript:alert(1)" dur="1s"/><text>go</text></a>`,
  ),
  "external image": svg(`<image xlink:href="https://tracker.example/x.png" width="4" height="4"/>`),
  "external use": svg(`<use href="https://evil.example/sprites.svg#a"/><use xlink:href="other.svg#b"/>`),
  "svg data: image": svg(`<image href="data:image/svg+xml;base64,PHN2Zy8+" width="4" height="4"/>`),
  "html data: link": svg(
    `<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"><text>go</text></a>`,
  ),
  "xml:base": svg(`<a xml:base="https://evil.example/" href="#x"><text id="x">go</text></a>`),
  "XML stylesheet PI": `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="https://evil.example/x.xsl"?>${svg(`<rect width="4"/><?php echo 1 ?>`)}`,
  comment: svg(`<!-- <script>alert(1)</script> --><rect width="4"/>`),
  "style url(javascript:)": svg(`<style>rect { fill: url(javascript:alert(1)) }</style><rect width="4"/>`),
  "style attribute url(javascript:)": svg(`<rect width="4" style="fill:url('javascript:alert(1)')"/>`),
  "style @import": svg(`<style>@import "https://evil.example/x.css"; rect { fill: red }</style>`),
  "style image-set": svg(`<style>rect { fill: image-set("https://evil.example/x.png" 1x) }</style>`),
  "CSS escape": svg(`<rect width="4" style="fill:\\75 rl(https://evil.example/x)"/>`),
  "external paint server": svg(`<rect width="4" fill="url(https://evil.example/p.svg#g)"/>`),
  "iframe in the SVG namespace": svg(`<iframe src="javascript:alert(1)"/>`),
  "script with a prefix": svg(`<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>`),
  "javascript: href with another prefix": svg(
    `<a x:href="javascript:alert(1)" xmlns:x="http://www.w3.org/1999/xlink"><text>go</text></a>`,
  ),
  "MathML with a javascript: link": svg(
    `<math xmlns="http://www.w3.org/1998/Math/MathML"><mi xlink:href="javascript:alert(1)">x</mi></math>`,
  ),
  "an external filter image": svg(`<filter id="f"><feImage href="https://evil.example/x.png"/></filter>`),
  "a data: SVG in <use>": svg(`<use href="data:image/svg+xml;base64,PHN2Zy8+#x"/>`),
  "set onload": svg(`<set attributeName="onload" to="alert(1)"/>`),
};

/** What no published SVG may hold, checked on a DOM of the output (as a browser would read it). */
function assertInert(out: string): void {
  expect(out).not.toMatch(/javascript:|<!--|<\?|<!DOCTYPE|<!ENTITY|https?:\/\/(?!www\.w3\.org)/i);
  const { window } = new JSDOM("");
  const doc = new window.DOMParser().parseFromString(out, "image/svg+xml");
  const root = doc.documentElement;
  expect(root.localName).toBe("svg");
  for (const element of [root, ...root.querySelectorAll("*")]) {
    expect(element.namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(["script", "foreignObject", "set", "animate", "iframe"]).not.toContain(element.localName);
    for (const attr of element.attributes) {
      expect(attr.name.toLowerCase().startsWith("on"), attr.name).toBe(false);
      if (attr.localName === "href") expect(attr.value).toMatch(/^(#|data:image\/(png|jpeg|gif|webp|avif);)/);
      for (const [, target] of attr.value.matchAll(/url\(\s*['"]?([^'")]*)/gi)) expect(target).toMatch(/^#/);
    }
  }
}

function reserialized(text: string): string {
  const { window } = new JSDOM("");
  const doc = new window.DOMParser().parseFromString(text, "image/svg+xml");
  return new window.XMLSerializer().serializeToString(doc.documentElement);
}

function sanitized(text: string): { svg: string; removed: readonly string[] } {
  const result = sanitizeSvg(text);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}

describe("sanitizeSvg", () => {
  for (const [name, text] of Object.entries(HOSTILE))
    it(`takes out ${name}, says so, and is stable`, () => {
      const { svg: out, removed } = sanitized(text);
      assertInert(out);
      if (name !== "XML stylesheet PI" && name !== "comment") expect(removed.length, name).toBeGreaterThan(0);
      const again = sanitized(out);
      expect(again.svg).toBe(out);
      expect(again.removed).toEqual([]);
    });

  it("keeps what art needs: gradients, <use> of #ids, clip paths, filters, transforms, text, raster data: images", () => {
    const art = svg(
      `<title>Cover</title><defs><linearGradient id="g" x2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="rgb(0 0 0 / 50%)"/></linearGradient>` +
        `<symbol id="s" viewBox="0 0 2 2"><circle cx="1" cy="1" r="1"/></symbol><clipPath id="c"><rect width="5" height="5"/></clipPath>` +
        `<filter id="f"><feGaussianBlur stdDeviation="1"/><feOffset dx="1"/></filter><pattern id="p" width="2" height="2"><rect width="1" height="1"/></pattern></defs>` +
        `<style>.a { fill: url(#g); stroke: var(--x, #000) } @media (prefers-color-scheme: dark) { .a { opacity: .5 } }</style>` +
        `<use href="#s" xlink:href="#s" class="a" clip-path="url(#c)" filter="url(#f)" transform="translate(1 2) rotate(3) scale(2)"/>` +
        `<rect fill="url(#p)" style="stroke: hsl(10 20% 30%); stroke-width: calc(1px + 1px)" width="3" height="3"/>` +
        `<text x="1" y="2" font-family="'Open Sans', sans-serif" xml:space="preserve">a &lt; b &amp; c</text>` +
        `<image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/><path d="M0 0L1 1Z" role="img" aria-label="path"/>`,
      ` viewBox="0 0 10 10" width="10" height="10" role="img"`,
    );
    const { svg: out, removed } = sanitized(art);
    expect(removed).toEqual([]);
    // Element for element and attribute for attribute what the file says, as a browser would read it.
    expect(out).toBe(reserialized(art));
  });

  it("turns CDATA into text, so a style sheet in CDATA keeps its rules", () => {
    const { svg: out } = sanitized(
      svg(`<style><![CDATA[ .a { fill: red } ]]></style><text><![CDATA[a<b]]></text>`),
    );
    expect(out).toContain("<style> .a { fill: red } </style>");
    expect(out).toContain("<text>a&lt;b</text>");
  });

  it("drops editors' metadata in other namespaces without a warning", () => {
    const inkscape =
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?>` +
      `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">` +
      `<svg ${NS} xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" sodipodi:docname="x.svg">` +
      `<sodipodi:namedview/><g sodipodi:insensitive="true"><rect width="2"/></g></svg>`;
    const { svg: out, removed } = sanitized(inkscape);
    expect(removed).toEqual([]);
    expect(out).toBe(`<svg ${NS}><g><rect width="2"/></g></svg>`);
  });
});

describe("sanitizeSvg refuses, with what it expected and where", () => {
  const refused = (text: string | Uint8Array) => {
    const result = sanitizeSvg(text);
    if (result.ok) throw new Error("accepted");
    return result;
  };

  it("an entity bomb (no DOCTYPE declarations at all)", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${svg("<text>&c;&c;&c;</text>")}`;
    expect(refused(bomb)).toMatchObject({ message: expect.stringContaining("<!ENTITY"), line: 1 });
  });

  it("what is not well-formed XML, at its line and column", () => {
    expect(refused(`<svg ${NS}>\n  <rect>\n</svg>`)).toMatchObject({
      message: expect.stringMatching(/^expected well-formed XML: .*close tag/),
      line: 3,
    });
    expect(refused("")).toMatchObject({ message: expect.stringContaining("well-formed") });
    expect(refused(svg("<text>&nbsp;</text>"))).toMatchObject({ message: expect.stringContaining("entity") });
  });

  it("a root that is not <svg> in the SVG namespace", () => {
    expect(refused(`<svg><rect/></svg>`).message).toContain("in no namespace");
    expect(refused(`<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>`).message).toContain(
      "found <html>",
    );
    expect(refused(`<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:rect/></s:svg>`).message).toContain(
      "not a prefix",
    );
    expect(refused(`<svg ${NS}/><svg ${NS}/>`).message).toContain("only one root");
  });

  it("text that is not UTF-8", () => {
    expect(refused(Uint8Array.from([0xff, 0xfe, 0x3c, 0x00, 0x73, 0x00])).message).toBe(
      "expected UTF-8 text",
    );
    expect(refused(`<?xml version="1.0" encoding="ISO-8859-1"?><svg ${NS}/>`).message).toContain(
      "ISO-8859-1",
    );
  });

  it("files beyond the limits, before building a DOM of them", () => {
    const rect = `<rect width="1"/>`;
    expect(refused(svg(rect.repeat(Math.ceil(SVG_LIMITS.bytes / rect.length)))).message).toContain(
      `at most ${SVG_LIMITS.bytes} bytes`,
    );
    expect(refused(svg("<g/>".repeat(SVG_LIMITS.elements)))).toMatchObject({
      message: `more than ${SVG_LIMITS.elements} elements`,
    });
    // 100,000 levels would take a DOM for Node minutes (nesting costs quadratic time there).
    expect(refused(svg(`${"<g>".repeat(100_000)}${"</g>".repeat(100_000)}`))).toMatchObject({
      message: `elements nested more than ${SVG_LIMITS.depth} deep`,
      line: 1,
    });
    const attrs = Array.from({ length: SVG_LIMITS.attributesPerElement + 1 }, (_, i) => `a${i}="1"`).join(
      " ",
    );
    expect(refused(svg(`<rect ${attrs}/>`)).message).toContain("attributes");
  });
});

describe("the shipped packs' SVGs", () => {
  it("are published unchanged in what they show: nothing removed, the same pixels", async () => {
    const files = (await readdir(OWN_PACKS, { recursive: true }))
      .filter((f) => f.endsWith(".svg"))
      .map((f) => join(OWN_PACKS, f));
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const file of files) {
      const original = await readFile(file);
      const { svg: out, removed } = sanitized(original.toString("utf8"));
      expect(removed, file).toEqual([]);
      const before = new Resvg(original).render();
      const after = new Resvg(out).render();
      expect([after.width, after.height], file).toEqual([before.width, before.height]);
      expect(Buffer.compare(after.pixels, before.pixels), file).toBe(0);
    }
  });
});
