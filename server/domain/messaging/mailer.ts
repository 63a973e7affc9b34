export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where outgoing mail goes once its outbox row is written. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Development: one readable line on the server log per message (the code is in the text). */
export function createLogMailer(write: (line: string) => void): Mailer {
  return {
    async send({ to, subject, text }) {
      write(`mail to ${to} | ${subject} | ${text.replace(/\s+/g, " ").trim()}`);
    },
  };
}

/**
 * SMTP_URL such as smtps://user:pass@smtp.example.com:465; MAIL_FROM names the sender. nodemailer (about 75 ms of a
 * start to load) is loaded only here: a server without SMTP_URL never needs it.
 */
export async function createSmtpMailer(url: string, from: string): Promise<Mailer> {
  const { createTransport } = await import("nodemailer");
  const transport = createTransport(url, { from });
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ to, subject, text });
    },
  };
}
