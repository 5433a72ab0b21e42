import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * Request counters shared by every instance when REDIS_URL is set (one Redis, atomic
 * increments), kept in memory otherwise, which is right for the embedded default: one process.
 * If Redis stops answering, each instance falls back to its own memory rather than letting
 * everything through or refusing everyone.
 */
export interface RateLimits {
  /** A window of `perMinute` requests a minute, under `name`. */
  limiter(name: string, perMinute: number): Limiter;
  store: "redis" | "memory";
  close(): Promise<void>;
}

export interface Limiter {
  /** Counts one request for `key`; the seconds to wait when over the limit, else 0. */
  take(key: string): Promise<number>;
}

function wrap(limiter: RateLimiterAbstract): Limiter {
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (result) {
        if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
        throw result;
      }
    },
  };
}

export function rateLimits(redisUrl?: string): RateLimits {
  if (!redisUrl) {
    return {
      store: "memory",
      limiter: (name, perMinute) => wrap(new RateLimiterMemory({ keyPrefix: name, points: perMinute, duration: 60 })),
      close: async () => {},
    };
  }
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on("error", () => {
    // Counted in memory meanwhile (insuranceLimiter); ioredis reconnects by itself.
  });
  return {
    store: "redis",
    limiter: (name, perMinute) =>
      wrap(
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `vv:rl:${name}`,
          points: perMinute,
          duration: 60,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: perMinute, duration: 60 }),
        }),
      ),
    close: async () => {
      redis.disconnect();
    },
  };
}
