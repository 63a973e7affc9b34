import { createServer, type Server } from "node:net";

/**
 * The mail server of `npm run deploy:try`: a production server needs SMTP_URL, and a sign-up needs the code it mails.
 * Plain SMTP on one address, no TLS and no login (it listens only on the deployment's private bridge), every message
 * kept in memory; `codeFor` waits for the next 6-digit code mailed to an address.
 */
export interface SmtpSink {
  url: string;
  codeFor(to: string, seen: number, timeoutMs?: number): Promise<string>;
  countFor(to: string): number;
  close(): Promise<void>;
}

interface Mail {
  to: string[];
  body: string;
}

/** nodemailer's text: 7bit, or quoted-printable when a line is long or not ASCII. */
function decoded(body: string): string {
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(body)) return body;
  return body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export async function startSmtpSink(host: string): Promise<SmtpSink> {
  const mails: Mail[] = [];
  const server: Server = createServer((socket) => {
    let buffer = "";
    let inData = false;
    let to: string[] = [];
    socket.setEncoding("utf8");
    socket.write("220 deploy-try ESMTP\r\n");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          mails.push({ to, body: decoded(buffer.slice(0, end)) });
          buffer = buffer.slice(end + 5);
          inData = false;
          to = [];
          socket.write("250 kept\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250-deploy-try\r\n250 8BITMIME\r\n");
        else if (verb === "RCPT") {
          to.push(/<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? "");
          socket.write("250 ok\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the SMTP sink has no port");
  const mailsTo = (to: string) => mails.filter((mail) => mail.to.includes(to.toLowerCase()));
  return {
    url: `smtp://${host}:${address.port}`,
    countFor: (to) => mailsTo(to).length,
    async codeFor(to, seen, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mine = mailsTo(to);
        if (mine.length > seen) {
          const code = /\b(\d{6})\b/.exec(
            mine
              .at(-1)!
              .body.split(/\r?\n\r?\n/)
              .slice(1)
              .join("\n"),
          )?.[1];
          if (!code) throw new Error(`a mail to ${to} without a 6-digit code:\n${mine.at(-1)!.body.slice(0, 2000)}`);
          return code;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
