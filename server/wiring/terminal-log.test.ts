import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { codeMail } from "../domain/messaging/mail-outbox.ts";
import { OneLineRequestLog } from "../http/request-log.ts";
import { logOutput, readLogFormat, terminalLogStream } from "./terminal-log.ts";

/** A Fastify server logging through the terminal stream, as start-server.ts builds it with LOG_FORMAT=pretty. */
async function loggedServer(slowMs = 1000) {
  let text = "";
  const stream = terminalLogStream((chunk) => (text += chunk), { color: false, slowMs });
  const app = Fastify({ logger: { stream }, logController: new OneLineRequestLog() });
  app.get("/fine", async () => ({ ok: true }));
  app.get("/slow", async () => {
    await new Promise((resolve) => setTimeout(resolve, slowMs + 20));
    return { ok: true };
  });
  // As http/live-stream.ts marks a live stream, which lasts as long as its page.
  app.get("/api/Order/Events", async (_request, reply) => {
    reply.log = reply.log.child({ liveStream: true });
    await new Promise((resolve) => setTimeout(resolve, slowMs + 20));
    return "data: {}\n\n";
  });
  app.get("/broken", async (request) => {
    request.log.info({ step: "before" }, "about to fail");
    throw new Error("the database is gone");
  });
  await app.ready();
  return { app, output: () => text };
}

describe("LOG_FORMAT", () => {
  it("is pretty on a terminal outside production, JSON in production (always), in a pipe or a file, unless set", () => {
    expect(readLogFormat(undefined, { production: false, terminal: true })).toBe("pretty");
    expect(readLogFormat("", { production: false, terminal: false })).toBe("json");
    expect(readLogFormat(undefined, { production: true, terminal: true })).toBe("json");
    expect(readLogFormat("json", { production: false, terminal: true })).toBe("json");
    expect(readLogFormat("pretty", { production: false, terminal: false })).toBe("pretty");
    expect(readLogFormat("json", { production: true, terminal: true })).toBe("json");
    expect(() => readLogFormat("pretty", { production: true, terminal: true })).toThrow(
      "LOG_FORMAT=pretty is for a terminal; a production server writes JSON lines",
    );
    expect(() => readLogFormat("colour", { production: false, terminal: true })).toThrow(
      "LOG_FORMAT must be json or pretty",
    );
  });
});

describe("the terminal log", () => {
  it("leaves out requests that succeeded quickly, and says a failed one in one line with its method and URL", async () => {
    const { app, output } = await loggedServer();
    expect((await app.inject({ method: "GET", url: "/fine" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/broken?x=1" })).statusCode).toBe(500);
    await app.close();
    const lines = output().trimEnd().split("\n");
    expect(output()).not.toMatch(/incoming request|request completed|\/fine/);
    // A line written during the request carries its id only; the error and the request's own line name it.
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}about to fail step=before$/);
    expect(output()).toMatch(/^\d\d:\d\d:\d\d ERROR .*\(GET \/broken\?x=1\)\n {4}Error: the database is gone\n +at /m);
    expect(output()).toMatch(/^\d\d:\d\d:\d\d ERROR GET \/broken\?x=1 → 500 in \d+ ms$/m);
    // Nothing of pino's JSON reaches the terminal.
    expect(output()).not.toContain('{"level"');
  });

  it("says a slow request that succeeded, as a warning, but not a live stream that lasted as long as its page", async () => {
    const { app, output } = await loggedServer(30);
    await app.inject({ method: "GET", url: "/slow" });
    await app.inject({ method: "GET", url: "/api/Order/Events" });
    await app.close();
    expect(output()).toMatch(/^\d\d:\d\d:\d\d WARN {2}GET \/slow → 200 in \d+ ms$/m);
    expect(output()).not.toContain("Events");
  });

  it("puts a line split across writes back together, and passes a line that is not JSON as it is", () => {
    let text = "";
    const stream = terminalLogStream((chunk) => (text += chunk), { color: false });
    const line = JSON.stringify({ level: 40, time: Date.UTC(2026, 0, 1), msg: "watcher behind", blocks: 25 });
    stream.write(line.slice(0, 10));
    stream.write(`${line.slice(10)}\nplain words\n`);
    expect(text).toMatch(/^\d\d:\d\d:\d\d WARN {2}watcher behind blocks=25\nplain words\n$/);
  });
});

describe("the log output of each format", () => {
  const mail = codeMail("new@example.com", "register", "391697", 600);

  it("pretty: a mailed code stands out in a block naming the address and the code", async () => {
    let text = "";
    const output = logOutput("pretty", { write: (chunk: string) => (text += chunk), hasColors: () => false });
    await output.mailer.send(mail);
    expect(text).toContain(
      "\n┌─ Mail to new@example.com\n│ Your Merchant Console verification code\n│ Code: 391697\n│ ",
    );
    expect(text).toMatch(/│ Your verification code is 391697\. Enter it to finish registering; .*\n└─\n/);
    output.jsonLine(`${JSON.stringify({ level: 30, time: Date.now(), msg: "watching", chain: "Devnet" })}\n`);
    expect(text).toMatch(/INFO {2}watching chain=Devnet\n$/);
  });

  it("json: Fastify's own JSON lines, and the mail as the one line it always was", async () => {
    let text = "";
    const output = logOutput("json", { write: (chunk: string) => (text += chunk), hasColors: () => true });
    expect(output.logger).toBe(true);
    await output.mailer.send(mail);
    expect(text).toBe(
      "mail to new@example.com | Your Merchant Console verification code | Your verification code is 391697. Enter it to finish registering; it expires in 10 minutes. Never share it. If you did not ask for it, ignore this e-mail.\n",
    );
    const line = `${JSON.stringify({ level: 30, time: 1, msg: "watching" })}\n`;
    output.jsonLine(line);
    expect(text.endsWith(line)).toBe(true);
  });
});
