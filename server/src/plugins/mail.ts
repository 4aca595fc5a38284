import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../config.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends a notice a change already made tells its owner of: a notice that cannot be sent is logged
 * (with the user it was for), and the change stands.
 */
export async function sendNotice(
  { mailer, log }: { mailer: Mailer; log: FastifyBaseLogger },
  mail: Mail,
  userId: number,
): Promise<void> {
  try {
    await mailer.send(mail);
  } catch (error) {
    log.error({ err: error, userId, subject: mail.subject }, "a notice could not be sent");
  }
}

/** Through SMTP when a server is configured; otherwise into the outbox folder, readable as plain text. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  return config.smtp ? smtpMailer(config, config.smtp) : outboxMailer(path.join(config.dataDir, "outbox"), log);
}

function smtpMailer(config: Config, smtp: NonNullable<Config["smtp"]>): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close: () => transport.close(),
  };
}

function outboxMailer(folder: string, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      await fs.mkdir(folder, { recursive: true });
      const date = new Date();
      const file = path.join(folder, `${date.toISOString().replace(/[:.]/g, "-")}-${mail.to}.eml`);
      const message = [
        `To: ${mail.to}`,
        `Subject: ${mail.subject}`,
        `Date: ${date.toUTCString()}`,
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        "",
        mail.text,
        "",
      ].join("\n");
      await fs.writeFile(file, message, "utf8");
      // Only where the mail is: its text holds codes that would sign anyone reading the logs in.
      log.info({ file }, "no SMTP server configured: e-mail written to the outbox");
    },
    close: () => {},
  };
}
