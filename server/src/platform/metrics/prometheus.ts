import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../../db/kysely';

/** What the server reads at each scrape: asked only when Prometheus asks. */
export interface MetricsSources {
  /** Mail still to be delivered, and when the oldest was queued. */
  outbox: () => Promise<{ depth: number; oldestCreatedAt: number | null }>;
  /** WebSockets open on this server. */
  liveSockets: () => number;
  /** The database pool's use; absent where there is no pool (SQLite). */
  poolUse?: () => PoolUse;
}

/**
 * The server's metrics (ADR 016): one prom-client registry per app, so that
 * several apps in one process (the tests) never share counters. Modules never
 * see prom-client: the composition root hands them plain callbacks.
 */
export interface AppMetrics {
  /** One answered request, labelled by its route's pattern, never its raw URL. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** One read of a cache: `cache` names the cache and lane (posts_campus, sessions, …). */
  cacheLookup(cache: string, hit: boolean): void;
  /** Registers the gauges read at each scrape; called once, when the services exist. */
  watch(sources: MetricsSources): void;
  contentType: string;
  /** Everything in Prometheus's text exposition format. */
  render(): Promise<string>;
}

/** Seconds: from a cached feed page (about a millisecond) to a slow upload. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(now: () => number = Date.now): AppMetrics {
  const registry = new Registry();
  // Event-loop lag and delay percentiles, heap, GC, handles, CPU, memory, file descriptors.
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'quad_http_request_duration_seconds',
    help: 'Time to answer a request, by the route pattern it matched ("(unmatched)": pages of the web app and 404s), method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'quad_cache_lookups_total',
    help: 'Reads of an in-memory cache, by cache and result (hit or miss); none while a cache is off.',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  });

  return {
    observeRequest(route, method, status, seconds) {
      requests.observe(
        { route, method, status_class: `${Math.floor(status / 100)}xx` },
        Math.max(0, seconds),
      );
    },
    cacheLookup(cache, hit) {
      cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
    },
    watch(sources) {
      watchSources(registry, sources, now);
    },
    contentType: registry.contentType,
    render: () => registry.metrics(),
  };
}

function watchSources(registry: Registry, sources: MetricsSources, now: () => number): void {
  // A database that does not answer shows as NaN rather than failing the whole scrape.
  const readBacklog = () =>
    sources.outbox().catch(() => ({ depth: Number.NaN, oldestCreatedAt: Number.NaN }));
  new Gauge({
    name: 'quad_mail_outbox_depth',
    help: 'E-mails queued and not yet delivered (given-up ones excluded).',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).depth);
    },
  });
  new Gauge({
    name: 'quad_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest e-mail not yet delivered; 0 when none waits.',
    registers: [registry],
    async collect() {
      const { oldestCreatedAt } = await readBacklog();
      this.set(oldestCreatedAt === null ? 0 : Math.max(0, (now() - oldestCreatedAt) / 1000));
    },
  });
  new Gauge({
    name: 'quad_live_sockets',
    help: 'Live-update WebSockets connected to this server.',
    registers: [registry],
    collect() {
      this.set(sources.liveSockets());
    },
  });
  const { poolUse } = sources;
  if (!poolUse) return;
  new Gauge({
    name: 'quad_db_pool_connections',
    help: 'PostgreSQL pool: connections open (total), idle among them, and queries waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = poolUse();
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
}
