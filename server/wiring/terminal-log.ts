import { styleText } from "node:util";
import { createLogMailer, type MailMessage, type Mailer } from "../domain/messaging/mailer.ts";

/** How the server's log reads: pino's JSON lines (what log collectors parse), or short lines for a person at a terminal. */
export type LogFormat = "json" | "pretty";

/**
 * LOG_FORMAT (`json` or `pretty`, the latter refused in production); unset, `pretty` when standard output is a terminal
 * outside production, else `json`: a container, a pipe or a file (and every production server) keeps the JSON lines.
 */
export function readLogFormat(
  setting: string | undefined,
  { production, terminal }: { production: boolean; terminal: boolean },
): LogFormat {
  const value = setting?.trim();
  // A log collector parses production's log: its lines stay JSON whatever is asked.
  if (value === "pretty" && production)
    throw new Error("LOG_FORMAT=pretty is for a terminal; a production server writes JSON lines (unset it)");
  if (value === "json" || value === "pretty") return value;
  if (value) throw new Error(`LOG_FORMAT must be json or pretty (unset: pretty on a terminal outside production)`);
  return terminal && !production ? "pretty" : "json";
}

export interface TerminalLogOptions {
  /** Colours and bold (the terminal's `hasColors()`, which follows NO_COLOR and FORCE_COLOR). */
  color: boolean;
  /** A request that took this long is shown even when it succeeded (1000 ms). */
  slowMs?: number;
}

/** What pino writes, one JSON object a line (level, time, msg and the record's own fields). */
interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

const levelNames: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO",
  40: "WARN",
  50: "ERROR",
  60: "FATAL",
};
// Fields every line has, or that the request lines say in their own words.
const shownApart = new Set([
  "level",
  "time",
  "pid",
  "hostname",
  "msg",
  "reqId",
  "req",
  "res",
  "responseTime",
  "err",
  "liveStream",
]);

/**
 * A stream for Fastify's logger (`logger: { stream }`) that turns its JSON lines into short lines for a terminal:
 * `14:03:07 INFO  message key=value`. Request lines are quiet: a request's one line (http/request-log.ts, at its end) is
 * shown only when it failed (5xx) or was slow, with its method and URL, as is an error logged during it. pino-pretty would do the first part, but it is not one of our dependencies (only a test tool's, absent from
 * the production image) and knows nothing of which request lines to leave out.
 */
export function terminalLogStream(write: (text: string) => void, options: TerminalLogOptions) {
  const slowMs = options.slowMs ?? 1000;
  const paint = painter(options.color);
  let partial = "";

  const show = (record: LogRecord) => {
    const request = record.req ? `${record.req.method ?? "?"} ${record.req.url ?? "?"}` : undefined;
    if (record.msg === "request completed") {
      const status = record.res?.statusCode ?? 0;
      const ms = Math.round(record.responseTime ?? 0);
      // A live stream (http/live-stream.ts) is long by design, not slow.
      if (status < 500 && (ms < slowMs || record.liveStream === true)) return;
      const level = status >= 500 ? 50 : 40;
      write(`${prefix(paint, level, record.time)}${request ?? "request"} → ${status} in ${ms} ms\n`);
      return;
    }
    const fields = Object.entries(record)
      .filter(([key]) => !shownApart.has(key))
      .map(([key, value]) => ` ${paint("dim", `${key}=`)}${typeof value === "string" ? value : JSON.stringify(value)}`)
      .join("");
    const during = request ? paint("dim", ` (${request})`) : "";
    const error = record.err ? `\n${indent(record.err.stack || `${record.err.type}: ${record.err.message}`)}` : "";
    write(`${prefix(paint, record.level ?? 30, record.time)}${record.msg ?? ""}${fields}${during}${error}\n`);
  };

  return {
    write(chunk: string) {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.trim()) continue;
        let record: LogRecord;
        try {
          record = JSON.parse(line) as LogRecord;
        } catch {
          write(`${line}\n`);
          continue;
        }
        show(record);
      }
    },
  };
}

/** A mailed message as a block that stands out on a terminal: who it is for, its code, then its text. */
export function mailBlock({ to, subject, text }: MailMessage, color: boolean): string {
  const paint = painter(color);
  const code = /\b\d{6}\b/.exec(text)?.[0];
  const bar = paint("cyan", "│");
  return [
    "",
    paint("cyan", `┌─ Mail to ${paint("bold", to)}`),
    `${bar} ${subject}`,
    ...(code ? [`${bar} Code: ${paint("bold", code)}`] : []),
    `${bar} ${paint("dim", text.replace(/\s+/g, " ").trim())}`,
    paint("cyan", "└─"),
    "",
  ].join("\n");
}

/** Development without SMTP_URL on a terminal: each message as a block on standard output (see createLogMailer). */
export function terminalMailer(write: (text: string) => void, color: boolean): Mailer {
  return {
    async send(message) {
      write(mailBlock(message, color));
    },
  };
}

type Paint = (style: "dim" | "bold" | "cyan" | "red" | "yellow", text: string) => string;

function painter(color: boolean): Paint {
  return color ? (style, text) => styleText(style, text, { validateStream: false }) : (_style, text) => text;
}

function prefix(paint: Paint, level: number, time: number | undefined): string {
  const name = (levelNames[level] ?? String(level)).padEnd(5);
  const clock = new Date(time ?? Date.now()).toTimeString().slice(0, 8);
  const shown = level >= 50 ? paint("red", name) : level >= 40 ? paint("yellow", name) : name;
  return `${paint("dim", clock)} ${shown} `;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}

/** Where the server's lines go in each format: Fastify's `logger` option, the mailer without SMTP_URL, and other JSON lines. */
export interface LogOutput {
  logger: true | { stream: { write(line: string): void } };
  mailer: Mailer;
  /** A JSON line written before the server's logger exists (startup-text.ts's jsonLine), as the logger would show it. */
  jsonLine(line: string): void;
}

export function logOutput(format: LogFormat, out: { write(text: string): unknown; hasColors?(): boolean }): LogOutput {
  const write = (text: string) => void out.write(text);
  if (format === "json")
    return { logger: true, mailer: createLogMailer((line) => write(`${line}\n`)), jsonLine: write };
  const color = out.hasColors?.() ?? false;
  const stream = terminalLogStream(write, { color });
  return { logger: { stream }, mailer: terminalMailer(write, color), jsonLine: (line) => stream.write(line) };
}
