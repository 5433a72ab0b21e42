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
   * A second server of the run, alike but for rounds shorter still, for the tests that only wait
   * for rounds to pass (a claim to come due, an airdrop to pause after the threshold of unclaimed
   * rounds and one more close): 3 s rounds make a pause 15 s away at most instead of 40. The
   * tests that act within a round keep the main server's 8 s.
   */
  quick: {
    port: 3216 + offset,
    apiPort: 8801 + offset,
    baseUrl: `http://localhost:${3216 + offset}`,
    dataDir: "tests/.tmp/e2e/quick-data",
    roundSeconds: 3,
  },
  followWaitSeconds: 4,
  /** Short, so a dripping body is seen cut off within a test. */
  requestTimeoutMs: 3000,
} as const;
