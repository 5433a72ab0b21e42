import pino, { type Logger } from "pino";
import { buildApp } from "./app.ts";
import { systemClock } from "./lib/clock.ts";
import type { ApiConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { startMailWorker } from "./jobs/mail-worker.ts";
import { startScheduler } from "./jobs/scheduler.ts";
import { createMailer } from "./mail/mailer.ts";
import { socialFor } from "./social/choose.ts";

export interface RunningApi {
  url: string;
  close(): Promise<void>;
}

/** Opens the database (migrating it), builds the app and listens: the API as a service. */
export async function startApi(config: ApiConfig, log: Logger = pino({ level: config.LOG_LEVEL })): Promise<RunningApi> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onPoolError: (err) => log.warn({ err }, "database connection lost"),
  });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log });
  const social = socialFor(config);
  const domain = { db: database.db, config, clock: systemClock, mailer, social };
  const app = await buildApp(domain, { logger: log.child({ svc: "api" }) });
  const url = await app.listen({ host: config.API_HOST, port: config.API_PORT });
  log.info({ database: database.kind, mail: mailer.target, social: social.name, url }, "api listening");
  const scheduler = startScheduler(domain, log.child({ svc: "rounds" }));
  const mailWorker = startMailWorker(domain, log.child({ svc: "outbox" }));
  return {
    url: `http://${config.API_HOST}:${config.API_PORT}`,
    async close() {
      await Promise.all([scheduler.stop(), mailWorker.stop()]);
      await app.close();
      await database.close();
    },
  };
}
