import { describe, expect, it } from "vitest";
import { securityRules } from "./security-rules.ts";
import { symbolViolations } from "./symbol-rules.ts";

/** `file:line what`, without the rule's words. */
const found = (file: string, source: string) =>
  symbolViolations(file, source, securityRules).map((line) => {
    const rule = securityRules.find(({ says }) => line.endsWith(`: ${says}`));
    return rule ? line.slice(0, -`: ${rule.says}`.length) : line;
  });

describe("the security rules", () => {
  it("find HTML made from strings in the console", () => {
    const source = [
      "export const A = ({ html }) => <div dangerouslySetInnerHTML={{ __html: html }} />;",
      "export function b(el, text) { el.innerHTML = text; }",
      "export function c(el, text) { el.insertAdjacentHTML('beforeend', text); }",
      "export function d(text) { document.write(text); }",
      "export const e = (el) => el.innerHTML;",
      "export const F = ({ text }) => <div title={text}>{text}</div>;",
    ].join("\n");
    expect(found("src/features/x/page.tsx", source)).toEqual([
      "src/features/x/page.tsx:1 sets dangerouslySetInnerHTML",
      "src/features/x/page.tsx:2 assigns .innerHTML",
      "src/features/x/page.tsx:3 calls .insertAdjacentHTML(",
      "src/features/x/page.tsx:4 calls document.write(",
    ]);
    expect(found("src/features/x/page.test.tsx", source)).toEqual([]);
  });

  it("find code made from strings", () => {
    const source = "eval(input);\nconst f = new Function('a', input);";
    expect(found("server/domain/x.ts", source)).toEqual([
      "server/domain/x.ts:1 calls eval(",
      "server/domain/x.ts:2 calls new Function(",
    ]);
  });

  it("find weak randomness and TLS verification turned off in the server", () => {
    const source = [
      "const code = Math.floor(Math.random() * 1e6);",
      "connect({ host, rejectUnauthorized: false });",
      'process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";',
      "connect({ host, rejectUnauthorized: true });",
    ].join("\n");
    expect(found("server/domain/identity/x.ts", source)).toEqual([
      "server/domain/identity/x.ts:1 uses Math.random",
      "server/domain/identity/x.ts:2 sets rejectUnauthorized: false",
      "server/domain/identity/x.ts:3 names NODE_TLS_REJECT_UNAUTHORIZED",
    ]);
  });

  it("find SQL and log messages made of values", () => {
    const source = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text holding a template literal
      "await sql.raw(`select * from t where id = ${id}`).execute(db);",
      "await sql.lit(name).execute(db);",
      'await sql.raw("select 1").execute(db);',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text holding a template literal
      "app.log.info(`${signal}: closing`);",
      'request.log.warn("user " + email);',
      'app.log.info({ signal }, "closing");',
    ].join("\n");
    expect(found("server/domain/x.ts", source)).toEqual([
      "server/domain/x.ts:1 calls sql.raw( with a value",
      "server/domain/x.ts:2 calls sql.lit( with a value",
      "server/domain/x.ts:4 logs a message built from values",
      "server/domain/x.ts:5 logs a message built from values",
    ]);
  });

  it("find a connection to another host opened outside the listed files", () => {
    const source = [
      'import { http, getAddress } from "viem";',
      'import { createTransport } from "nodemailer";',
      'import { request } from "node:https";',
      'import { isIP } from "node:net";',
      'import type { Socket } from "node:net";',
      "await fetch(url);",
    ].join("\n");
    expect(found("server/domain/payments/x.ts", source)).toEqual([
      "server/domain/payments/x.ts:1 imports http from viem",
      "server/domain/payments/x.ts:2 imports createTransport from nodemailer",
      "server/domain/payments/x.ts:3 imports request from node:https",
      "server/domain/payments/x.ts:6 calls fetch(",
    ]);
    expect(found("server/domain/messaging/mailer.ts", source)).toEqual([]);
    expect(found("server/testing/google-idp.ts", source)).toEqual([]);
  });
});
