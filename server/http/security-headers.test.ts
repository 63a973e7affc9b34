import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import {
  allowInline,
  contentSecurityPolicy,
  installSecurityHeaders,
  strictTransportSecurity,
} from "./security-headers.ts";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function appWith(options: FastifyServerOptions & { https?: { key: Buffer; cert: Buffer } } = {}): FastifyInstance {
  const app = Fastify(options);
  installSecurityHeaders(app, false);
  app.get("/api/ping", async () => ({ ok: true }));
  apps.push(app);
  return app;
}

const hsts = async (app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress = "127.0.0.1") =>
  (await app.inject({ method: "GET", url: "/api/ping", headers, remoteAddress })).headers["strict-transport-security"];

/** A throw-away self-signed certificate for 127.0.0.1, made with openssl (absent: the direct-TLS test is skipped). */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } | null {
  const dir = mkdtempSync(join(tmpdir(), "mc-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const tls = selfSignedCertificate();

describe("Strict-Transport-Security", () => {
  it("is absent on plain HTTP", async () => {
    expect(await hsts(appWith())).toBeUndefined();
  });

  it("ignores X-Forwarded-Proto when no proxy is trusted (anyone can send the header)", async () => {
    expect(await hsts(appWith(), { "x-forwarded-proto": "https" })).toBeUndefined();
  });

  it("is sent when a trusted proxy says the request came over HTTPS (TRUST_PROXY=true)", async () => {
    const app = appWith({ trustProxy: true });
    expect(await hsts(app, { "x-forwarded-proto": "https" })).toBe("max-age=31536000; includeSubDomains");
    expect(await hsts(app, { "x-forwarded-proto": "http" })).toBeUndefined();
    expect(await hsts(app)).toBeUndefined();
  });

  it("believes X-Forwarded-Proto only from the proxy addresses TRUST_PROXY names", async () => {
    const app = appWith({ trustProxy: "10.0.0.1" });
    expect(await hsts(app, { "x-forwarded-proto": "https" }, "10.0.0.1")).toBe(strictTransportSecurity);
    expect(await hsts(app, { "x-forwarded-proto": "https" }, "203.0.113.9")).toBeUndefined();
  });

  it.skipIf(!tls)("is sent when the server itself speaks TLS", async () => {
    const app = appWith({ https: tls! });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const headers = await new Promise<Record<string, unknown>>((done, fail) => {
      const req = request({ host: "127.0.0.1", port, path: "/api/ping", ca: tls!.cert }, (res) => {
        res.resume();
        res.on("end", () => done(res.headers));
      });
      req.on("error", fail);
      req.end();
    });
    expect(headers["strict-transport-security"]).toBe(strictTransportSecurity);
  });
});

describe("Content-Security-Policy", () => {
  it("allows no inline style, with or without Google's sign-in", () => {
    for (const google of [false, true]) {
      const csp = contentSecurityPolicy(google);
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("style-src-attr");
      expect(csp).toMatch(/(^|; )style-src 'self'(;| https:\/\/accounts\.google\.com;)/);
    }
  });

  it("is on every answer", async () => {
    const answer = await appWith().inject({ method: "GET", url: "/api/ping" });
    expect(answer.headers["content-security-policy"]).toBe(contentSecurityPolicy(false));
  });

  it("lets a page's own inline scripts and styles run by their hashes, on that answer only", async () => {
    const inline = { scripts: ["'sha256-aaa'", "'sha256-bbb'"], styles: ["'sha256-ccc'"] };
    expect(contentSecurityPolicy(true, inline)).toContain(
      "script-src 'self' 'sha256-aaa' 'sha256-bbb' https://accounts.google.com;",
    );
    expect(contentSecurityPolicy(false, inline)).toContain("style-src 'self' 'sha256-ccc';");
    expect(contentSecurityPolicy(false, inline)).not.toContain("unsafe-inline");
    const app = appWith();
    app.get("/page", async (_request, reply) => {
      allowInline(reply, inline);
      return "page";
    });
    expect((await app.inject({ method: "GET", url: "/page" })).headers["content-security-policy"]).toBe(
      contentSecurityPolicy(false, inline),
    );
    expect((await app.inject({ method: "GET", url: "/api/ping" })).headers["content-security-policy"]).toBe(
      contentSecurityPolicy(false),
    );
  });
});
