import { userInfo } from "node:os";
import pino from "pino";
import { ConfigError, loadApiConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { setDeviceBan, setUserBan } from "../domain/accounts/bans.ts";
import type { DomainContext } from "../domain/context.ts";
import { systemClock } from "../lib/clock.ts";
import { createMailer } from "../mail/mailer.ts";
import { socialFor } from "../social/choose.ts";

const USAGE = `Operator commands (they talk to the database directly; every change is audited):
  npm run ops -- ban-user <email>       ban a cheating account and revoke its logins
  npm run ops -- unban-user <email>
  npm run ops -- ban-device <did>       refuse every login and registration from a device
  npm run ops -- unban-device <did>
  npm run ops -- config                 print the effective API configuration
With the embedded database (no DATABASE_URL), stop the service first: PGlite allows one process.`;

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  const config = loadApiConfig();
  if (command === "config") {
    const shown = { ...config, API_SECRET: "***", SMTP_URL: config.SMTP_URL ? "***" : undefined, DATABASE_URL: config.DATABASE_URL ? "***" : undefined };
    console.log(JSON.stringify(shown, null, 2));
    return 0;
  }
  const actions: Record<string, (ctx: DomainContext) => Promise<string>> = {
    "ban-user": async (ctx) => ((await setUserBan(ctx, { email: arg, banned: true, actor })) ? `banned ${arg}` : `no account ${arg}`),
    "unban-user": async (ctx) => ((await setUserBan(ctx, { email: arg, banned: false, actor })) ? `unbanned ${arg}` : `no account ${arg}`),
    "ban-device": async (ctx) => (await setDeviceBan(ctx, { did: arg, banned: true, actor }), `banned device ${arg}`),
    "unban-device": async (ctx) => (await setDeviceBan(ctx, { did: arg, banned: false, actor }), `unbanned device ${arg}`),
  };
  const action = actions[command];
  if (!action || !arg) {
    console.log(USAGE);
    return command ? 2 : 0;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const log = pino({ level: "warn" });
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log });
    console.log(await action({ db: database.db, config, clock: systemClock, mailer, social: socialFor(config) }));
    return 0;
  } finally {
    await database.close();
  }
}

const actor = process.env.OPERATOR ?? userInfo().username;
try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
