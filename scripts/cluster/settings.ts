import { z } from "zod";
import { int, optionalUrl, parseSettings, port } from "#lib/config/shared.ts";
import type { ClusterOptions } from "./topology.ts";

const schema = z.object({
  CLUSTER_PORT: port(8080).pipe(z.number().max(65535 - 50)),
  CLUSTER_HOST: z.string().min(1).default("127.0.0.1"),
  CLUSTER_APIS: int(2, 1).pipe(z.number().max(9)),
  CLUSTER_WEBS: int(2, 1).pipe(z.number().max(9)),
  CLUSTER_DIR: z.string().min(1).default("./data/cluster"),
  DATABASE_URL: z.url().default("postgres://postgres@127.0.0.1:5432/vv_cluster"),
  REDIS_URL: z.url().default("redis://127.0.0.1:6379"),
  // Longer than HAProxy takes to count a failing /healthz (about 1.5 s, scripts/cluster/haproxy.ts).
  SHUTDOWN_DRAIN_MS: int(3000, 0),
  PUBLIC_URL: optionalUrl,
});

/** `npm run cluster`'s settings from the environment; a bad one ends the start with one line. */
export function clusterSettings(env: NodeJS.ProcessEnv): Omit<ClusterOptions, "logFiles" | "onLog"> {
  const s = parseSettings(schema, env);
  return {
    portBase: s.CLUSTER_PORT,
    publicHost: s.CLUSTER_HOST,
    publicUrl: s.PUBLIC_URL,
    apis: s.CLUSTER_APIS,
    webs: s.CLUSTER_WEBS,
    dir: s.CLUSTER_DIR,
    databaseUrl: s.DATABASE_URL,
    redisUrl: s.REDIS_URL,
    drainMs: s.SHUTDOWN_DRAIN_MS,
  };
}
