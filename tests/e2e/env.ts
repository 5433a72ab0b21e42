/**
 * E2E_PORT_OFFSET moves every port, so two checkouts on one machine can run their suites at
 * the same time.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** Where the end-to-end run keeps its server, mail and data: away from ./data and the default ports. */
export const E2E = {
  port: 3210 + offset,
  apiPort: 8795 + offset,
  smtpPort: 2526 + offset,
  /** A tile server of the tests' own, so the map never reaches outside (MAP_TILE_URL). */
  tilePort: 2527 + offset,
  baseUrl: `http://localhost:${3210 + offset}`,
  /** The first port of the two-instance test's cluster (scripts/cluster/topology.ts takes up to +49). */
  clusterPort: 3100 + offset,
  dir: "tests/.tmp/e2e",
  mailDir: "tests/.tmp/e2e/mail",
  dataDir: "tests/.tmp/e2e/data",
  shotsDir: "tests/.tmp/screenshots",
  sessionSecret: "e2e-session-secret-0123456789abcdef",
  bannedDid: "e2e-banned-device-0001",
  /** The key the native apps' webviews send (NATIVE_APP_KEY). */
  nativeAppKey: "e2e-native-app-key-0123456789",
  /** What /download offers (APP_APK_URL, APP_PLAY_URL, APP_STORE_URL, APP_VERSION); never fetched. */
  appLinks: {
    APP_APK_URL: "https://downloads.example.com/vv-1.4.0.apk",
    APP_PLAY_URL: "https://play.google.com/store/apps/details?id=com.example.vv",
    APP_STORE_URL: "https://apps.apple.com/app/vv/id1234567890",
    APP_VERSION: "1.4.0",
  },
  otpTtlSeconds: 15,
  /** Short rounds and follow wait so the airdrop can be watched turning within a test. */
  roundSeconds: 8,
  /**
   * A second server of the run, alike but for its clock, which the tests move (decision 069): its
   * rounds last an hour, so none closes by itself within a test; a test that needs rounds to pass
   * takes the `rounds` fixture (fixtures.ts), which holds the server's rounds for that test alone
   * and closes each when the test says so. The main server's rounds keep passing by themselves.
   */
  clocked: {
    port: 3216 + offset,
    apiPort: 8801 + offset,
    baseUrl: `http://localhost:${3216 + offset}`,
    dataDir: "tests/.tmp/e2e/clocked-data",
    roundSeconds: 3600,
  },
  followWaitSeconds: 4,
  /** Short, so a dripping body is seen cut off within a test. */
  requestTimeoutMs: 3000,
} as const;

/**
 * A caught mail's file: its time and sequence first (they sort as they came), then each recipient
 * between tildes, so a test waiting for one person's mail reads only theirs, not the whole run's.
 */
export function mailFileName(at: number, seq: number, to: string[]): string {
  return `${at}-${seq}~${to.map(encodeURIComponent).join("~")}~.json`;
}

/** Whether a mail file (mailFileName) is addressed to `email`. */
export function mailFileIsFor(file: string, email: string): boolean {
  return file.includes(`~${encodeURIComponent(email)}~`);
}
