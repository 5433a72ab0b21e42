import { userInfo } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { ConfigError, databaseTimeouts, loadApiConfig } from "#api/src/config.ts";
import { keepFilesPrivate } from "#lib/private-files.ts";
import { openDatabase, type Database } from "#api/src/db/client.ts";
import { FolderInUseError } from "#api/src/db/folder-lock.ts";
import { openRuleBook } from "#api/src/domain/rules/versions.ts";
import { systemClock } from "#api/src/lib/clock.ts";
import { createMailer } from "#api/src/mail/mailer.ts";
import { askService, OPS_SOCKET } from "#api/src/ops-ask.ts";
import { socialFor } from "#api/src/social/choose.ts";
import { isCommand, runCommand, USAGE } from "./ops-commands.ts";

async function main(argv: string[]): Promise<number> {
  const [name] = argv;
  const config = loadApiConfig();
  keepFilesPrivate(config.DATA_DIR);
  if (name === "config") {
    const shown = {
      ...config,
      API_SECRET: "***",
      SMTP_URL: config.SMTP_URL ? "***" : undefined,
      DATABASE_URL: config.DATABASE_URL ? "***" : undefined,
      VAPID_PRIVATE_KEY: config.VAPID_PRIVATE_KEY ? "***" : undefined,
      FCM_PRIVATE_KEY: config.FCM_PRIVATE_KEY ? "***" : undefined,
    };
    console.log(JSON.stringify(shown, null, 2));
    return 0;
  }
  if (!isCommand(argv)) {
    console.log(USAGE);
    return name ? 2 : 0;
  }
  let database: Database;
  try {
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, timeouts: databaseTimeouts(config) });
  } catch (error) {
    // The service has the embedded database open: it runs the command itself.
    if (!(error instanceof FolderInUseError)) throw error;
    const answer = await askService(join(config.DATA_DIR, OPS_SOCKET), { argv, machineUser });
    if (!answer) throw error;
    (answer.exitCode === 0 ? console.log : console.error)(answer.output);
    return answer.exitCode;
  }
  try {
    const log = pino({ level: "warn" });
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log });
    const base = { db: database.db, config, clock: systemClock };
    const ruleBook = await openRuleBook(base, { seed: false });
    const { output, exitCode } = await runCommand({ ...base, ruleBook, mailer, social: socialFor(config) }, argv, { machineUser });
    console.log(output);
    return exitCode;
  } finally {
    await database.close();
  }
}

// Who ran the command, as the system knows the process's user: the audit names the CLI's acts so
// (decision 067), and no variable of the environment can lend them another name.
const machineUser = userInfo().username;
try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
