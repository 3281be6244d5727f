import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { decodePng, serveDir } from "@gridponder/browser-harness";
import { afterAll, beforeAll, expect, it } from "vitest";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "gridponder-harness-"));
  await writeFile(join(dir, "a.json"), "{}");
  await writeFile(join(dir, "b.png"), "png");
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** A raw GET, so the path reaches the server exactly as written (no URL normalisation). */
function get(
  url: string,
  path: string,
): Promise<{ status: number; type: string | undefined; csp: string | undefined }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request({ hostname, port, path, method: "GET" }, (res) => {
      res.resume();
      resolve({
        status: res.statusCode ?? 0,
        type: res.headers["content-type"],
        csp: res.headers["content-security-policy"] as string | undefined,
      });
    });
    req.on("error", reject);
    req.end();
  });
}

it("serves files with their MIME type and CSP, and never outside its folder", async () => {
  const server = await serveDir(dir, { csp: "default-src 'self'" });
  try {
    expect(await get(server.url, "/a.json")).toEqual({
      status: 200,
      type: "application/json; charset=utf-8",
      csp: "default-src 'self'",
    });
    expect((await get(server.url, "/b.png")).type).toBe("image/png");
    expect((await get(server.url, "/missing.png")).status).toBe(404);
    expect([403, 404]).toContain((await get(server.url, "/../../etc/passwd")).status);
    expect([403, 404]).toContain((await get(server.url, "/%2e%2e/%2e%2e/etc/passwd")).status);
  } finally {
    await server.close();
  }
});

it("decodes PNG rows with every filter type", () => {
  // A 2×2 RGB image, rows with filters 1 (sub) and 2 (up).
  const raw = Buffer.from([1, 10, 20, 30, 5, 5, 5, 2, 1, 1, 1, 2, 2, 2]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, "ascii"), data, Buffer.alloc(4)]);
  };
  const png = Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  const pixels = decodePng(png);
  expect(pixels.at(0, 0)).toEqual([10, 20, 30, 255]);
  expect(pixels.at(1, 0)).toEqual([15, 25, 35, 255]);
  expect(pixels.at(0, 1)).toEqual([11, 21, 31, 255]);
  expect(pixels.at(1, 1)).toEqual([17, 27, 37, 255]);
});
