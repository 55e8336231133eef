import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AUTH_MESSAGES as M } from '@common/messages';
import type { Config } from '../config';
import { tooMany } from '../core/errors';
import { reconnectDelay } from '../platform/redis-reconnect';

/**
 * Per-IP rate limits, opted into route by route (`config.rateLimit`). Counters
 * live in Redis when REDIS_URL is set, so every server shares them. While
 * Redis is out of reach the limits lapse rather than fail the requests they
 * guard (ADR 021): a counter fails after one reconnection attempt (a second at most) and is skipped.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        retryStrategy: reconnectDelay,
      })
    : undefined;
  // Reconnection attempts report errors; unheard, ioredis prints each to the console.
  redis?.on('error', () => undefined);
  // A test server's students all come from 127.0.0.1 (RATE_LIMITS=relaxed): each limit
  // raised before the plugin reads it, which happens as each route is added.
  if (config.rateLimitScale !== 1)
    app.addHook('onRoute', (route) => {
      const limit = (route.config as { rateLimit?: { max: number; timeWindow: string } })
        ?.rateLimit;
      if (limit)
        (route.config as { rateLimit: object }).rateLimit = {
          ...limit,
          max: limit.max * config.rateLimitScale,
        };
    });
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'quad-rl:' } : {}),
    errorResponseBuilder: (_request, context) => {
      const error = tooMany('rate_limited', M.rateLimited);
      (error as unknown as { retryAfter: string }).retryAfter = context.after;
      return error;
    },
  });
  if (redis)
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    });
}
