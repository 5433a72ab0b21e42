// `npm run cluster`: the reference topology on one machine. HAProxy (Debian's package, our own
// process on a configuration written into the run folder) in front of 2 web apps and 2 APIs on
// the running PostgreSQL and Redis; the web apps reach the APIs through the balancer too
// (docs/decisions/057). Builds the app first when build/ is missing or older than the sources.
// Ctrl-C drains and stops every instance, then the balancer; a second Ctrl-C kills them.
//
// Settings (environment): CLUSTER_PORT (8080: the public side; the cluster takes up to +40),
// CLUSTER_HOST (127.0.0.1), CLUSTER_APIS and CLUSTER_WEBS (2 each), CLUSTER_DIR (./data/cluster),
// DATABASE_URL (postgres://postgres@127.0.0.1:5432/vv_cluster, made when missing), REDIS_URL
// (redis://127.0.0.1:6379), SHUTDOWN_DRAIN_MS (3000), PUBLIC_URL; every other setting of the
// README reaches each instance as it is.
import { ensureBuild } from "./bench-support.ts";
import { clusterSettings } from "./cluster/settings.ts";
import { startCluster, type Cluster } from "./cluster/topology.ts";

const settings = clusterSettings(process.env);
ensureBuild();
console.log(`Starting ${settings.apis} APIs and ${settings.webs} web apps behind HAProxy (logs in ${settings.dir}/logs)...`);
let cluster: Cluster | undefined;
let stoppingSince = 0;
const shutdown = async () => {
  // One Ctrl-C can arrive more than once (from the terminal, and relayed by npm and tsx): a
  // second one is a signal a second or more after the first.
  if (stoppingSince) {
    if (Date.now() - stoppingSince < 1000) return;
    cluster?.kill();
    process.exit(1);
  }
  stoppingSince = Date.now();
  console.log("Draining and stopping every instance (Ctrl-C again to kill them)...");
  await cluster?.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
try {
  cluster = await startCluster({ ...settings, logFiles: true });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
console.log(
  [
    `VV is served at ${cluster.publicUrl} (HAProxy, checking each instance's /healthz every second)`,
    ...cluster.webs.map((w) => `  ${w.name}: ${w.url}`),
    ...cluster.apis.map((a) => `  ${a.name}: ${a.url}`),
    `  the web apps' API side: ${cluster.upstreamUrl}; HAProxy's statistics: ${cluster.balancer.statsUrl}`,
    "Ctrl-C stops everything.",
  ].join("\n"),
);
