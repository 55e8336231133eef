import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CAMPUS_ID_PATTERN, type CampusId } from '@common/campuses';

/**
 * The whole configuration of a Quad server, read from the environment once at
 * start. A bad value stops the server with a list of every problem.
 */
type FlagValue = 'on' | 'off' | 'true' | 'false' | '1' | '0' | 'auto';
const flag = (fallback: FlagValue) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'auto'])
    .default(fallback)
    .transform((v): boolean | 'auto' => (v === 'auto' ? 'auto' : ['on', 'true', '1'].includes(v)));

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

/** A comma-separated list of e-mail addresses, lowercased; empty when unset. */
const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((list) => list.every((e) => /^[^\s@]+@[^\s@]+$/.test(e)), {
    message: 'must be e-mail addresses separated by commas',
  });

/**
 * Moderators by campus (ADR 025): `ou:alice@ou.edu,bob@ou.edu;ut:carol@utexas.edu`,
 * e-mail addresses lowercased; empty when unset. A campus id is checked for its
 * form only: campuses live in the database, which is not open yet, so the
 * server warns at start about one it does not have (ADR 054).
 */
const moderatorList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const byCampus: Partial<Record<CampusId, string[]>> = {};
    for (const part of (v ?? '')
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const colon = part.indexOf(':');
      const campus = colon < 0 ? '' : part.slice(0, colon).trim().toLowerCase();
      const emails = part
        .slice(colon + 1)
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean);
      if (!CAMPUS_ID_PATTERN.test(campus)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${part}" must start with a campus id (2 to 20 lowercase letters or digits, such as ou) and a colon`,
        });
        continue;
      }
      const bad = emails.filter((e) => !/^[^\s@]+@[^\s@]+$/.test(e));
      if (emails.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `campus ${campus} needs e-mail addresses separated by commas${bad.length ? ` (not ${bad.join(', ')})` : ''}`,
        });
        continue;
      }
      byCampus[campus] = [...(byCampus[campus] ?? []), ...emails];
    }
    return byCampus;
  });

/**
 * The push services the server sends web pushes to (ADR 058): a browser's
 * subscription names its own endpoint, so only these are believed, never an
 * address inside the operator's network. `https://*.example.com` matches any
 * host below example.com; `http://` only when written out (a test's stand-in).
 */
export const DEFAULT_PUSH_SERVICES =
  'https://fcm.googleapis.com,https://*.push.services.mozilla.com,https://*.notify.windows.com,https://*.push.apple.com';

const pushServiceList = z
  .string()
  .default(DEFAULT_PUSH_SERVICES)
  .transform((v) =>
    v
      .split(',')
      .map((o) => o.trim().toLowerCase().replace(/\/+$/, ''))
      .filter(Boolean),
  )
  .refine((list) => list.every((o) => /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(o)), {
    message: 'must be origins such as https://fcm.googleapis.com separated by commas',
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  BASE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as localhost or quad.example.com')
    .default('localhost'),
  PUBLIC_URL: optionalUrl(['http://', 'https://']),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://', 'sqlite:']),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().default('Quad <no-reply@quadcampus.app>'),
  SECRET_KEY: z
    .string()
    .min(32, 'must be at least 32 characters (for example `openssl rand -hex 32`)')
    .optional(),
  DEV_MAILBOX: flag('auto'),
  GEO_GATE: flag('on'),
  GEO_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => v || undefined),
  TRUST_PROXY: flag('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json: one JSON object a line (containers, files); pretty: coloured lines; unset: pretty on a terminal. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** The share of successful GET requests that get their line at `info` (ADR 062); errors and writes always do. */
  LOG_SAMPLE: z.coerce.number().min(0).max(1).default(1),
  /** How many server processes share the port (ADR 062): a number, or auto for one a CPU. */
  WEB_CONCURRENCY: z
    .string()
    .trim()
    .default('1')
    .refine((v) => v === 'auto' || (/^[1-9][0-9]?$/.test(v) && Number(v) <= 64), {
      message: 'must be a whole number from 1 to 64, or auto (one process a CPU)',
    })
    .transform((v) => (v === 'auto' ? os.availableParallelism() : Number(v))),
  WEB_DIST: z.string().default('./dist/web'),
  GOOGLE_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  GOOGLE_CLIENT_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  BANNED_EMAILS_FILE: z.string().default('./config/banned-emails.txt'),
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalUrl(['http://', 'https://']),
  S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  S3_FORCE_PATH_STYLE: flag('auto'),
  MEDIA_PUBLIC_URL: optionalUrl(['http://', 'https://']),
  POSTS_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^(sk|rk)_(test|live)_/.test(v), {
      message: 'must be a Stripe secret or restricted key (sk_test_…, sk_live_…, rk_…)',
    }),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  STRIPE_API_URL: optionalUrl(['http://', 'https://']),
  METRICS: flag('off'),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  ANALYTICS: flag('on'),
  ANALYTICS_STAFF_EMAILS: emailList,
  ADMIN_EMAILS: emailList,
  MODERATORS: moderatorList,
  /** relaxed: every per-IP limit a hundred times higher, for test servers only (ADR 035). */
  RATE_LIMITS: z.enum(['on', 'relaxed']).default('on'),
  /** How many megabytes one student may upload in any 24 hours (ADR 039). */
  UPLOAD_MB_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(1024),
  /** How long sent e-mail stays in the outbox before it is deleted (ADR 039). */
  MAIL_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  /** Where web pushes may be sent (ADR 058): the browsers' push services. */
  PUSH_SERVICES: pushServiceList,
});

/** Every environment variable the configuration reads (README.md's table lists each). */
export const ENV_NAMES = Object.keys(envSchema.shape) as (keyof z.input<typeof envSchema>)[];

/**
 * Several processes need Redis; /metrics exposes the server's insides: on only
 * with a token long enough not to be guessed.
 */
const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  // Processes share live events, cache drops and rate limits through Redis only (ADR 062).
  if (e.WEB_CONCURRENCY > 1 && !e.REDIS_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['WEB_CONCURRENCY'],
      message: `${e.WEB_CONCURRENCY} processes need REDIS_URL: without Redis each process would keep its own live events, caches and rate limits (set REDIS_URL, or WEB_CONCURRENCY=1)`,
    });
  if (e.METRICS !== true) return;
  if (!e.METRICS_TOKEN)
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_TOKEN'],
      message:
        'is required when METRICS=on: the bearer token Prometheus sends (for example `openssl rand -hex 32`)',
    });
  else if (e.METRICS_TOKEN.length < 32)
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_TOKEN'],
      message: 'must be at least 32 characters (for example `openssl rand -hex 32`)',
    });
});

/** Environment variables by name, as strings (what process.env holds). */
export type Env = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  baseDomain: string;
  publicUrl: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Signs links that need no session (e-mail unsubscribe); kept in $DATA_DIR when unset. */
  secretKey: string | undefined;
  /** The /dev/mailbox page: only without SMTP, and only on localhost unless forced on. */
  devMailbox: boolean;
  geo: { enabled: boolean; header: string | undefined };
  trustProxy: boolean;
  logLevel: string;
  /** How the log is written; undefined lets main.ts choose by whether stdout is a terminal. */
  logFormat?: 'json' | 'pretty';
  /** The share (0 to 1) of successful GETs logged at `info`; every other request is always logged. */
  logSample: number;
  /** How many server processes share the port (ADR 062); more than one needs Redis. */
  processes: number;
  webDist: string;
  /** Google sign-in (OpenID Connect); off when no client id is set. */
  google: { clientId: string; clientSecret: string | undefined; issuer: string } | undefined;
  bannedEmailsFile: string;
  /** log2 of scrypt's N: 17 in production; tests use less. */
  passwordHashCost: number;
  /** Uploaded files in an S3-compatible bucket; on local disk when unset. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  /** Where browsers load media from (a CDN), without a trailing slash; the store's own URLs when unset. */
  mediaPublicUrl: string | undefined;
  /** How long a cached feed page or thread may be served (writes drop it at once); 0 = off. */
  postsCacheMs: number;
  /** How long a resolved session may be served from memory (sign-outs and account changes drop it at once); 0 = off. */
  sessionCacheMs: number;
  /**
   * Seller payouts through Stripe Connect (ADR 013); off without a secret key.
   * `api` points the SDK at another host (tests' local API, stripe-mock).
   */
  stripe:
    | {
        secretKey: string;
        webhookSecret: string | undefined;
        api: { protocol: 'http' | 'https'; host: string; port: number } | undefined;
      }
    | undefined;
  /** GET /metrics in Prometheus's text format, for requests bearing the token; off when unset. */
  metrics: { token: string } | undefined;
  /**
   * First-party analytics (ADR 016): off on staging-type deployments; the
   * staff's e-mail addresses are never recorded.
   */
  analytics: { enabled: boolean; staffEmails: string[] };
  /** Accounts (by their verified e-mail address) that may read the operators' views. */
  adminEmails: string[];
  /** Each campus's moderators, by the e-mail address of their verified account (ADR 025). */
  moderators: Partial<Record<CampusId, string[]>>;
  /**
   * How many times each per-IP rate limit is raised: 1, or 100 on a test server
   * (RATE_LIMITS=relaxed, where the dev mailbox is on) whose students all come from 127.0.0.1.
   */
  rateLimitScale: number;
  /** The most bytes one student may upload in any 24 hours (ADR 039). */
  uploadBytesPerDay: number;
  /** How long sent (or given-up) e-mail stays in the outbox, in ms (ADR 039). */
  mailRetentionMs: number;
  /** The origins web pushes may be sent to (ADR 058); `https://*.host` matches below host. */
  pushServices: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Quad cannot start: the configuration has problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = i.path.join('.');
        return `${name}: ${i.message} (got ${JSON.stringify(source[name] ?? null)})`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.BASE_DOMAIN}:${e.PORT}`).replace(/\/$/, '');
  const database: Config['database'] = !e.DATABASE_URL
    ? { kind: 'sqlite', file: path.join(dataDir, 'quad.db') }
    : e.DATABASE_URL.startsWith('sqlite:')
      ? { kind: 'sqlite', file: sqliteFile(e.DATABASE_URL) }
      : { kind: 'postgres', url: e.DATABASE_URL };
  if (e.S3_BUCKET && Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the default AWS credentials',
    ]);
  }
  const devMailbox = devMailboxOn(e);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    baseDomain: e.BASE_DOMAIN.toLowerCase(),
    publicUrl,
    database,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secretKey: e.SECRET_KEY,
    devMailbox,
    geo: { enabled: e.GEO_GATE === true, header: e.GEO_HEADER },
    trustProxy: e.TRUST_PROXY === true,
    ...processesAndLog(e),
    webDist: path.resolve(e.WEB_DIST),
    google: e.GOOGLE_CLIENT_ID
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          issuer: e.GOOGLE_ISSUER,
        }
      : undefined,
    bannedEmailsFile: path.resolve(e.BANNED_EMAILS_FILE),
    passwordHashCost: e.PASSWORD_HASH_COST,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // Self-hosted services (MinIO, …) want path-style addressing; AWS wants bucket hosts.
          forcePathStyle:
            e.S3_FORCE_PATH_STYLE === 'auto' ? Boolean(e.S3_ENDPOINT) : e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    postsCacheMs: e.POSTS_CACHE_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          api: e.STRIPE_API_URL ? apiHost(e.STRIPE_API_URL) : undefined,
        }
      : undefined,
    metrics: e.METRICS === true && e.METRICS_TOKEN ? { token: e.METRICS_TOKEN } : undefined,
    analytics: { enabled: e.ANALYTICS === true, staffEmails: e.ANALYTICS_STAFF_EMAILS },
    adminEmails: e.ADMIN_EMAILS,
    moderators: e.MODERATORS,
    rateLimitScale: e.RATE_LIMITS === 'relaxed' ? 100 : 1,
    ...keeping(e),
  };
}

/** How many processes serve, and what their log says (ADR 062). */
function processesAndLog(
  e: z.infer<typeof envSchema>,
): Pick<Config, 'logLevel' | 'logFormat' | 'logSample' | 'processes'> {
  return {
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    logSample: e.LOG_SAMPLE,
    processes: e.WEB_CONCURRENCY,
  };
}

/** How much a student may upload, how long sent mail is kept (ADR 039), where pushes go (ADR 058). */
function keeping(
  e: z.infer<typeof envSchema>,
): Pick<Config, 'uploadBytesPerDay' | 'mailRetentionMs' | 'pushServices'> {
  return {
    uploadBytesPerDay: e.UPLOAD_MB_PER_DAY * 1024 * 1024,
    mailRetentionMs: e.MAIL_RETENTION_HOURS * 60 * 60 * 1000,
    pushServices: e.PUSH_SERVICES,
  };
}

/**
 * The dev mailbox: only without SMTP, and on localhost unless forced on. Rate limits
 * are relaxed only where it is on, as it already hands out every code: never on a
 * server that sends real e-mail or answers on a public name.
 */
function devMailboxOn(e: z.infer<typeof envSchema>): boolean {
  const allowed = e.DEV_MAILBOX === 'auto' ? e.BASE_DOMAIN === 'localhost' : e.DEV_MAILBOX;
  const on = !e.SMTP_URL && allowed === true;
  if (e.RATE_LIMITS === 'relaxed' && !on)
    throw new ConfigError([
      'RATE_LIMITS: relaxed is for test servers only: it needs the dev mailbox (no SMTP_URL, BASE_DOMAIN localhost or DEV_MAILBOX=on)',
    ]);
  return on;
}

/** The SDK takes a host, port and protocol rather than a URL. */
function apiHost(url: string): { protocol: 'http' | 'https'; host: string; port: number } {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: u.hostname, port: Number(u.port) || (protocol === 'http' ? 80 : 443) };
}

function sqliteFile(url: string): string {
  const rest = url.slice('sqlite:'.length).replace(/^\/\//, '');
  if (rest === ':memory:') return ':memory:';
  return path.resolve(rest);
}

/**
 * Whether the log is written as coloured lines for a person: LOG_FORMAT says
 * so, or, when unset, stdout is a terminal (`npm start` run by hand).
 * Containers and files get one JSON object a line.
 */
export function prettyLog(config: Pick<Config, 'logFormat' | 'logLevel'>, terminal: boolean) {
  if (config.logLevel === 'silent') return false;
  return config.logFormat ? config.logFormat === 'pretty' : terminal;
}
