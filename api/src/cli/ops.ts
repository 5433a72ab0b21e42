import { userInfo } from "node:os";
import { ConfigError, loadApiConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { setDeviceBan, setUserBan } from "../domain/operator.ts";

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
  const actions: Record<string, (db: Parameters<typeof setUserBan>[0]) => Promise<string>> = {
    "ban-user": async (db) => ((await setUserBan(db, { email: arg, banned: true, actor, at: new Date() })) ? `banned ${arg}` : `no account ${arg}`),
    "unban-user": async (db) => ((await setUserBan(db, { email: arg, banned: false, actor, at: new Date() })) ? `unbanned ${arg}` : `no account ${arg}`),
    "ban-device": async (db) => (await setDeviceBan(db, { did: arg, banned: true, actor, at: new Date() }), `banned device ${arg}`),
    "unban-device": async (db) => (await setDeviceBan(db, { did: arg, banned: false, actor, at: new Date() }), `unbanned device ${arg}`),
  };
  const action = actions[command];
  if (!action || !arg) {
    console.log(USAGE);
    return command ? 2 : 0;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    console.log(await action(database.db));
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
