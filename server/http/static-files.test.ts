import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { Kysely, PostgresDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { readPrerenderedPages } from "./static-files.ts";
import type { DB } from "../db/schema.ts";

// Static answers never reach the database; a pool that refuses keeps this file free of PGlite.
const noDatabase = new Kysely<DB>({
  dialect: new PostgresDialect({
    pool: { connect: async () => Promise.reject(new Error("no database")), end: async () => {} } as never,
  }),
});

let dir: string;
let app: FastifyInstance;
const indexHtml = `<!doctype html><html><head><title>Merchant Console</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(200)}</body></html>`;
const payHtml = `<!doctype html><html><head><title>Checkout</title></head><body><div id="root"></div><script type="module" src="/assets/pay-Mn34Op56.js"></script></body></html>`;
const script = `export const hello = () => ${JSON.stringify("console ".repeat(400))};\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "merchant-console-static-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), indexHtml);
  writeFileSync(join(dir, "pay.html"), payHtml);
  writeFileSync(join(dir, "assets", "index-Ab12Cd34.js"), script);
  writeFileSync(join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(join(dir, "assets", "built-Ef56Gh78.js"), script);
  writeFileSync(join(dir, "assets", "built-Ef56Gh78.js.br"), precompressed);
  writeFileSync(join(dir, "assets", "built-Ef56Gh78.js.gz"), gzipSync(script));
  writeFileSync(join(dir, "assets", "removed-Ij90Kl12.js"), script);
  mkdirSync(join(dir, ".git"));
  writeFileSync(join(dir, ".git", "config"), "[core]");
  writeFileSync(join(dir, ".env"), "SECRET=1");
  app = await buildServer({ db: noDatabase, staticDir: dir, allowGoogleSignIn: false });
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const precompressed = brotliCompressSync(Buffer.from(script));

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

describe("serving the built console", () => {
  it("serves index.html uncached, with the security headers", async () => {
    const answer = await get("/", { accept: "text/html" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.headers["content-security-policy"]).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    );
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.body).toBe(indexHtml);
  });

  it("caches hashed assets for a year and compresses them", async () => {
    const br = await get("/assets/index-Ab12Cd34.js", { "accept-encoding": "br, gzip" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(script.length);
    const gzip = await get("/assets/index-Ab12Cd34.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await get("/assets/index-Ab12Cd34.js");
    expect(plain.body).toBe(script);
    expect((await get("/favicon.svg")).headers["cache-control"]).toBe("no-cache");
  });

  it("sends the build's precompressed brotli file as it is", async () => {
    const answer = await get("/assets/built-Ef56Gh78.js", { "accept-encoding": "br, gzip" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(Buffer.compare(answer.rawPayload, precompressed)).toBe(0);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the gzip copy to a browser that takes gzip but not brotli, and the plain file to one that takes neither", async () => {
    const gzip = await get("/assets/built-Ef56Gh78.js", { "accept-encoding": "gzip, deflate" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(Buffer.compare(gzip.rawPayload, gzipSync(script))).toBe(0);
    const refusesBrotli = await get("/assets/built-Ef56Gh78.js", { "accept-encoding": "br;q=0, gzip" });
    expect(refusesBrotli.headers["content-encoding"]).toBe("gzip");
    const plain = await get("/assets/built-Ef56Gh78.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toContain("accept-encoding");
  });

  it("answers 304 without a body when the browser's copy is the current one, and the file when it is not", async () => {
    for (const url of ["/", "/assets/built-Ef56Gh78.js", "/favicon.svg"]) {
      const first = await get(url, { accept: "text/html", "accept-encoding": "br" });
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/"[\w-]{22}"$/);
      const again = await get(url, { accept: "text/html", "accept-encoding": "br", "if-none-match": etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      expect(again.headers["cache-control"], url).toBe(first.headers["cache-control"]);
      const stale = await get(url, { accept: "text/html", "if-none-match": 'W/"an-older-build-0000000"' });
      expect(stale.statusCode, url).toBe(200);
    }
    // Two files, two tags: a new build's index.html is never taken for the old one.
    expect((await get("/")).headers.etag).not.toBe((await get("/favicon.svg")).headers.etag);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const head = await app.inject({
      method: "HEAD",
      url: "/assets/built-Ef56Gh78.js",
      headers: { "accept-encoding": "br" },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toContain("javascript");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.rawPayload.length).toBe(0);
  });

  it("answers from what it read at start: a file removed since is still sent whole, one added since is not", async () => {
    unlinkSync(join(dir, "assets", "removed-Ij90Kl12.js"));
    writeFileSync(join(dir, "assets", "added-Mn34Op56.js"), script);
    const removed = await get("/assets/removed-Ij90Kl12.js");
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toBe(script);
    expect((await get("/assets/added-Mn34Op56.js")).statusCode).toBe(404);
  });

  it("serves no dotfile, no folder listing and nothing outside the build, however the path is spelled", async () => {
    for (const url of [
      "/.git/config",
      "/.env",
      "/assets/",
      "/assets",
      "/assets/..%2Findex.html",
      "/assets/..%2F..%2Fpackage.json",
      "/%2e%2e/package.json",
      "/assets/built-Ef56Gh78.js.br",
    ]) {
      const answer = await get(url, { accept: "application/json" });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ success: false, errCode: "4040" });
    }
    expect((await get("/assets/%E0%A4%A")).statusCode).toBe(400);
  });

  it("answers index.html for console routes that match no file", async () => {
    for (const [url, accept] of [
      ["/login", "text/html,application/xhtml+xml"],
      ["/console/index?x=1", "*/*"],
      ["/order/list", ""],
    ] as const) {
      const answer = await get(url, accept ? { accept } : {});
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["content-type"], url).toContain("text/html");
      expect(answer.headers["cache-control"], url).toBe("no-cache");
      expect(answer.body, url).toBe(indexHtml);
    }
  });

  it("answers the checkout page's own HTML at /pay/{invoiceId}, revalidated, under the plain policy", async () => {
    for (const url of ["/pay/AbCdEfGhIjKlMnOpQrStUv", "/pay/AbCdEfGhIjKlMnOpQrStUv/?lang=ja", "/pay/unknown-id"]) {
      const answer = await get(url, { accept: "text/html" });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["cache-control"], url).toBe("no-cache");
      expect(answer.headers["content-security-policy"], url).toContain("script-src 'self'; style-src 'self';");
      expect(answer.body, url).toBe(payHtml);
    }
    // Not a page of one invoice: the console's.
    for (const url of ["/pay", "/pay/a/b", "/console/pay/AbCdEfGhIjKlMnOpQrStUv"])
      expect((await get(url, { accept: "text/html" })).body, url).toBe(indexHtml);
  });

  it("answers 404 for missing files, non-HTML asks and unknown API routes", async () => {
    expect((await get("/assets/missing-1234.js")).statusCode).toBe(404);
    expect((await get("/data", { accept: "application/json" })).statusCode).toBe(404);
    const api = await get("/api/unknown", { accept: "text/html" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, errCode: "4040" });
    // A mistyped open-API path (a shop's system, sending Accept: */* as fetch and requests do) is told so, not given
    // the console's HTML with a 200.
    for (const url of ["/open/v1/invoice", "/open/v1/invoices/AbCdEfGhIjKlMnOpQrStUv/status", "/open"]) {
      const open = await get(url, { accept: "*/*" });
      expect([open.statusCode, open.json()], url).toMatchObject([404, { success: false, errCode: "4040" }]);
    }
    const post = await app.inject({ method: "POST", url: "/login", payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ errCode: "4040" });
  });

  it("lets Google's sign-in through the CSP only when configured", async () => {
    const withGoogle = await buildServer({ db: noDatabase, allowGoogleSignIn: true });
    const csp = String(
      (await withGoogle.inject({ method: "GET", url: "/api/none" })).headers["content-security-policy"],
    );
    await withGoogle.close();
    for (const directive of ["script-src", "connect-src", "frame-src"]) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*https://accounts\\.google\\.com`));
    }
    expect(csp).toContain("default-src 'self';");
  });
});

describe("serving the prerendered public pages", () => {
  let pagesDir: string;
  let pagesApp: FastifyInstance;
  const loginHtml = `<!doctype html><html><head><style>.a{}</style><script>x()</script></head><body><div id="root" data-prerendered>Sign in</div>${"<!-- padding -->".repeat(200)}</body></html>`;
  const hashes = { scriptHashes: ["'sha256-script1'", "'sha256-script2'"], styleHashes: ["'sha256-style1'"] };

  beforeAll(async () => {
    pagesDir = mkdtempSync(join(tmpdir(), "merchant-console-prerendered-"));
    mkdirSync(join(pagesDir, "prerendered", "products"), { recursive: true });
    writeFileSync(join(pagesDir, "index.html"), indexHtml);
    writeFileSync(join(pagesDir, "prerendered", "login.html"), loginHtml);
    writeFileSync(join(pagesDir, "prerendered", "login.html.br"), brotliCompressSync(Buffer.from(loginHtml)));
    writeFileSync(join(pagesDir, "prerendered", "products", "enterprise-pack.html"), "<p>pack</p>");
    writeFileSync(
      join(pagesDir, "prerendered", "pages.json"),
      JSON.stringify({
        pages: {
          "/login": { file: "login.html", ...hashes },
          "/products/enterprise-pack": { file: "products/enterprise-pack.html", ...hashes },
        },
      }),
    );
    pagesApp = await buildServer({ db: noDatabase, staticDir: pagesDir, allowGoogleSignIn: false });
  });
  afterAll(async () => {
    await pagesApp.close();
    rmSync(pagesDir, { recursive: true, force: true });
  });

  const fetchPage = (url: string, headers: Record<string, string> = { accept: "text/html" }) =>
    pagesApp.inject({ method: "GET", url, headers });

  it("answers a prerendered page at its path, with its inline hashes in the CSP and revalidated", async () => {
    for (const url of ["/login", "/LOGIN", "/login/", "/login?redirect=order"]) {
      const answer = await fetchPage(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["content-type"], url).toContain("text/html");
      expect(answer.headers["cache-control"], url).toBe("no-cache");
      expect(answer.body, url).toBe(loginHtml);
      const csp = String(answer.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self' 'sha256-script1' 'sha256-script2';");
      expect(csp).toContain("style-src 'self' 'sha256-style1';");
      expect(csp).toContain("object-src 'none'");
    }
    expect((await fetchPage("/products/enterprise-pack")).body).toBe("<p>pack</p>");
  });

  it("sends the build's brotli copy of a prerendered page", async () => {
    const answer = await fetchPage("/login", { accept: "text/html", "accept-encoding": "br, gzip" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-security-policy"]).toContain("'sha256-style1'");
  });

  it("keeps the hashes to those pages: other routes get index.html under the plain policy", async () => {
    const answer = await fetchPage("/console/index");
    expect(answer.body).toBe(indexHtml);
    expect(answer.headers["content-security-policy"]).not.toContain("sha256");
    expect(
      (await pagesApp.inject({ method: "GET", url: "/api/none" })).headers["content-security-policy"],
    ).not.toContain("sha256");
  });

  it("does not serve the prerendered files at their own URLs", async () => {
    for (const url of ["/prerendered/login.html", "/prerendered/pages.json", "/Prerendered/login.html"]) {
      expect((await fetchPage(url, {})).statusCode, url).toBe(404);
    }
  });

  it("refuses a manifest that names a file outside its folder", async () => {
    const bad = mkdtempSync(join(tmpdir(), "merchant-console-prerendered-bad-"));
    try {
      mkdirSync(join(bad, "prerendered"));
      writeFileSync(
        join(bad, "prerendered", "pages.json"),
        JSON.stringify({ pages: { "/login": { file: "../index.html", ...hashes } } }),
      );
      expect(() => readPrerenderedPages(bad)).toThrow(/not a page file/);
      expect(readPrerenderedPages(join(bad, "missing")).size).toBe(0);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
