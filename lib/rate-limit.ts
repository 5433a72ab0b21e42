import { Redis } from "ioredis";
import type { Logger } from "pino";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { countRateLimitRefusal } from "./metrics.ts";
import { shownUrl } from "./shown-url.ts";

/**
 * Request counters shared by every instance when REDIS_URL is set (one Redis, atomic
 * increments), kept in memory otherwise, which is right for the embedded default: one process.
 * If Redis stops answering, each instance counts in its own memory until it is back rather
 * than letting everything through or refusing everyone (docs/decisions/034): the log says so
 * when it happens and when Redis is back, and `/healthz` says "degraded" meanwhile.
 */
export interface RateLimits {
  /** A window of `points` requests every `seconds` (a minute unless said), under `name`. */
  limiter(name: string, points: number, seconds?: number): Limiter;
  /** The store configured: Redis when REDIS_URL is set. */
  store: "redis" | "memory";
  /**
   * What `/healthz` adds (web app and API): nothing without Redis; with it, its state and the
   * store the counts go to now (`rate_limits: "memory"` while Redis is not connected), and
   * whether that is a degraded service.
   */
  health(): { degraded: boolean; fields: { redis?: RedisState; rate_limits?: "redis" | "memory" } };
  close(): Promise<void>;
}

/** Only "connected" counts in Redis: commands are not queued while it connects. */
type RedisState = "connecting" | "connected" | "unreachable";

interface Limiter {
  /** Counts one request for `key`; the seconds to wait when over the limit, else 0. */
  take(key: string): Promise<number>;
}

/**
 * A Redis that takes the connection and then answers nothing would hold every request on its
 * count: a command unanswered this long fails, and the request is counted in memory instead.
 * Redis answers in well under a millisecond.
 */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * Such a Redis raises no event of its own: a PING this often that gets no answer within the
 * command timeout drops the connection, which makes it "unreachable" and has ioredis connect
 * again (and say "back" when it answers).
 */
const REDIS_HEARTBEAT_MS = 5000;

function wrap(name: string, limiter: RateLimiterAbstract): Limiter {
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (result) {
        if (result instanceof RateLimiterRes) {
          countRateLimitRefusal(name);
          return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
        }
        throw result;
      }
    },
  };
}

export function rateLimits(redisUrl?: string, log?: Pick<Logger, "info" | "warn">): RateLimits {
  if (!redisUrl) {
    return {
      store: "memory",
      limiter: (name, points, seconds = 60) => wrap(name, new RateLimiterMemory({ keyPrefix: name, points, duration: seconds })),
      health: () => ({ degraded: false, fields: {} }),
      close: async () => {},
    };
  }
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  let state: RedisState = "connecting";
  let closing = false;
  const where = { redis: shownUrl(redisUrl) };
  // ioredis reconnects by itself, and reports each failed attempt: only the changes are logged.
  redis.on("ready", () => {
    if (state === "unreachable") log?.info(where, "redis back: rate limits are shared by every instance again");
    else log?.info(where, "redis connected: rate limits are shared by every instance");
    state = "connected";
  });
  const lost = (error?: Error) => {
    if (closing || state === "unreachable") return;
    state = "unreachable";
    log?.warn(
      { ...where, err: error },
      "redis unreachable: rate limits are counted in this process's memory until it is back (docs/decisions/034)",
    );
  };
  redis.on("error", (error: Error) => lost(error));
  redis.on("close", () => lost());
  const heartbeat = setInterval(() => {
    if (redis.status === "ready") redis.ping().catch(() => redis.disconnect(true));
  }, REDIS_HEARTBEAT_MS);
  heartbeat.unref();
  return {
    store: "redis",
    limiter: (name, points, seconds = 60) =>
      wrap(
        name,
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `vv:rl:${name}`,
          points,
          duration: seconds,
          // While Redis is unreachable (and while it first connects: commands are not queued).
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration: seconds }),
        }),
      ),
    health: () => ({
      degraded: state !== "connected",
      fields: { redis: state, rate_limits: state === "connected" ? "redis" : "memory" },
    }),
    close: async () => {
      closing = true;
      clearInterval(heartbeat);
      redis.disconnect();
    },
  };
}
