import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { Window } from "happy-dom";
import { Kysely, PostgresDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { googleClientIdMetaName } from "../../contracts/schemas/google.ts";
import { buildServer } from "../app.ts";
import type { DB } from "../db/schema.ts";
import { googleDefaults } from "../domain/identity/google-identity.ts";
import { readBuiltFile } from "./built-files.ts";
import { googleClientIdTag, withGoogleClientId } from "./google-client-meta.ts";
import { readPrerenderedPages } from "./static-files.ts";

// Static answers never reach the database; a pool that refuses keeps this file free of PGlite.
const noDatabase = new Kysely<DB>({
  dialect: new PostgresDialect({
    pool: { connect: async () => Promise.reject(new Error("no database")), end: async () => {} } as never,
  }),
});

const padding = "<!-- padding -->".repeat(200);
const indexHtml = `<!doctype html><html><head><title>Merchant Console</title></head><body><div id="root"></div>${padding}</body></html>`;
const loginHtml = `<!doctype html><html><head><script>x()</script></head><body><div id="root" data-prerendered>Sign in</div>${padding}</body></html>`;
const loginGoogleHtml = loginHtml.replace("Sign in", "Sign in, or Continue with Google");
const plainHashes = { scriptHashes: ["'sha256-plain'"], styleHashes: ["'sha256-style'"] };
const googleHashes = { scriptHashes: ["'sha256-google'"], styleHashes: ["'sha256-style'"] };
/** Tries to leave the attribute, the tag and the head. */
const hostileId = `x" onload="alert(1)"><script>alert(2)</script></head>&amp;'`;

/** The page as a browser parses it. */
const parsed = (html: string) => new new Window().DOMParser().parseFromString(html, "text/html");
const metaOf = (html: string) =>
  [...parsed(html).querySelectorAll(`meta[name="${googleClientIdMetaName}"]`)].map((meta) =>
    meta.getAttribute("content"),
  );
const scriptsIn = (html: string) => parsed(html).querySelectorAll("script").length;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "merchant-console-google-meta-"));
  mkdirSync(join(dir, "prerendered"));
  writeFileSync(join(dir, "index.html"), indexHtml);
  writeFileSync(join(dir, "index.html.br"), brotliCompressSync(Buffer.from(indexHtml)));
  writeFileSync(join(dir, "index.html.gz"), gzipSync(indexHtml));
  writeFileSync(join(dir, "prerendered", "login.html"), loginHtml);
  writeFileSync(join(dir, "prerendered", "login.html.br"), brotliCompressSync(Buffer.from(loginHtml)));
  writeFileSync(join(dir, "prerendered", "login.google.html"), loginGoogleHtml);
  writeFileSync(join(dir, "prerendered", "login.google.html.br"), brotliCompressSync(Buffer.from(loginGoogleHtml)));
  writeFileSync(
    join(dir, "prerendered", "pages.json"),
    JSON.stringify({
      pages: {
        "/login": { file: "login.html", ...plainHashes, google: { file: "login.google.html", ...googleHashes } },
      },
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const serverWith = (clientId: string | null) =>
  buildServer({
    db: noDatabase,
    staticDir: dir,
    google: clientId === null ? null : { clientId, clientSecret: "secret", ...googleDefaults },
  });
const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { accept: "text/html", ...headers } });

describe("the Google client id tag", () => {
  it("escapes the id so it stays one attribute's value", () => {
    const tag = googleClientIdTag(hostileId);
    expect(tag).toBe(
      `<meta name="google-client-id" content="x&quot; onload=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;&lt;/head&gt;&amp;amp;&#39;">`,
    );
    const html = indexHtml.replace("</head>", `${tag}</head>`);
    expect(metaOf(html)).toEqual([hostileId]);
    expect(scriptsIn(html)).toBe(0);
  });

  it("goes into the head, and the build's compressed copies are made again from the new page", () => {
    const built = readBuiltFile(join(dir, "index.html"));
    const page = withGoogleClientId(built, "1234-abc.apps.googleusercontent.com");
    const html = page.identity.toString("utf8");
    expect(html).toBe(
      indexHtml.replace(
        "</head>",
        '<meta name="google-client-id" content="1234-abc.apps.googleusercontent.com"></head>',
      ),
    );
    expect(brotliDecompressSync(page.encoded.br ?? Buffer.alloc(0)).toString("utf8")).toBe(html);
    expect(gunzipSync(page.encoded.gzip ?? Buffer.alloc(0)).toString("utf8")).toBe(html);
    expect(page.type).toBe(built.type);
    expect(page.etag).not.toBe(built.etag);
    // A file the build did not compress stays uncompressed.
    const login = withGoogleClientId(readBuiltFile(join(dir, "prerendered", "login.html")), "id");
    expect(Object.keys(login.encoded)).toEqual(["br"]);
  });

  it("refuses a page without a head", () => {
    const built = readBuiltFile(join(dir, "index.html"));
    expect(() => withGoogleClientId({ ...built, identity: Buffer.from("<p>no head</p>") }, "id")).toThrow(/<\/head>/);
  });
});

describe("the console's pages", () => {
  it("without Google: as the build wrote them, /login without the button, nothing of Google in the CSP", async () => {
    const app = await serverWith(null);
    try {
      for (const [url, html] of [
        ["/", indexHtml],
        ["/console/index", indexHtml],
        ["/login", loginHtml],
      ] as const) {
        const answer = await get(app, url);
        expect(answer.body, url).toBe(html);
        expect(metaOf(answer.body), url).toEqual([]);
        expect(String(answer.headers["content-security-policy"]), url).not.toContain("google");
      }
      expect(String((await get(app, "/login")).headers["content-security-policy"])).toContain("'sha256-plain'");
      const br = await get(app, "/login", { "accept-encoding": "br" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(loginHtml);
    } finally {
      await app.close();
    }
  });

  it("with Google: every page names the client id, /login is the variant with the button, the CSP admits Google", async () => {
    const app = await serverWith("1234-abc.apps.googleusercontent.com");
    try {
      for (const url of ["/", "/index.html", "/console/index", "/login", "/LOGIN/"]) {
        const answer = await get(app, url);
        expect(answer.statusCode, url).toBe(200);
        expect(metaOf(answer.body), url).toEqual(["1234-abc.apps.googleusercontent.com"]);
        expect(String(answer.headers["content-security-policy"]), url).toMatch(
          /script-src 'self'[^;]* https:\/\/accounts\.google\.com;/,
        );
      }
      const login = await get(app, "/login");
      expect(login.body).toContain("Continue with Google");
      expect(String(login.headers["content-security-policy"])).toContain(
        "script-src 'self' 'sha256-google' https://accounts.google.com;",
      );
      for (const encoding of ["br", "gzip"]) {
        const compressed = await get(app, "/", { "accept-encoding": encoding });
        expect(compressed.headers["content-encoding"]).toBe(encoding);
        const body =
          encoding === "br" ? brotliDecompressSync(compressed.rawPayload) : gunzipSync(compressed.rawPayload);
        expect(metaOf(body.toString("utf8"))).toEqual(["1234-abc.apps.googleusercontent.com"]);
      }
      const br = await get(app, "/login", { "accept-encoding": "br" });
      expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(login.body);
    } finally {
      await app.close();
    }
  });

  it("with a client id that tries to break out of the attribute: one meta tag holding it, no script", async () => {
    const app = await serverWith(hostileId);
    try {
      for (const url of ["/", "/login"]) {
        const { body } = await get(app, url);
        expect(metaOf(body), url).toEqual([hostileId]);
        expect(scriptsIn(body), url).toBe(url === "/login" ? 1 : 0);
      }
    } finally {
      await app.close();
    }
  });

  it("offers no button where the CSP keeps Google out (allowGoogleSignIn: false)", async () => {
    const app = await buildServer({
      db: noDatabase,
      staticDir: dir,
      allowGoogleSignIn: false,
      google: { clientId: "1234-abc.apps.googleusercontent.com", clientSecret: null, ...googleDefaults },
    });
    try {
      expect((await get(app, "/login")).body).toBe(loginHtml);
      expect((await get(app, "/")).body).toBe(indexHtml);
    } finally {
      await app.close();
    }
  });
});

describe("the build's list of pages", () => {
  it("refuses a Google variant that names a file outside its folder", () => {
    const bad = mkdtempSync(join(tmpdir(), "merchant-console-google-meta-bad-"));
    try {
      mkdirSync(join(bad, "prerendered"));
      writeFileSync(
        join(bad, "prerendered", "pages.json"),
        JSON.stringify({
          pages: {
            "/login": { file: "login.html", ...plainHashes, google: { file: "../index.html", ...googleHashes } },
          },
        }),
      );
      expect(() => readPrerenderedPages(bad)).toThrow(/not a page file/);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
