import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (List-Unsubscribe), by name. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log line. */
  readonly target: string;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to
 * DATA_DIR/outbox and logged, so a local run needs no mail server.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl);
    for (const [key, value] of Object.entries({ connectionTimeout: "10000", greetingTimeout: "10000", socketTimeout: "20000" })) {
      if (!url.searchParams.has(key)) url.searchParams.set(key, value);
    }
    const transport = nodemailer.createTransport(url.toString());
    return {
      target: `smtp ${url.host}`,
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
    };
  }
  const outbox = join(opts.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    target: `outbox ${outbox}`,
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, `${Date.now()}-${info.messageId.replace(/[^A-Za-z0-9.@-]/g, "")}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: message.to, subject: message.subject, file }, "mail written to outbox");
    },
  };
}
