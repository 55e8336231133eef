import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, prettyLog } from './config';

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.baseDomain).toBe('localhost');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data/quad.db') });
    expect(config.redisUrl).toBeUndefined();
    expect(config.devMailbox).toBe(true);
    expect(config.geo).toEqual({ enabled: true, header: undefined });
  });

  it('limits uploads to 1 GB a student a day and keeps sent mail a day, unless set (ADR 039)', () => {
    const defaults = loadConfig({});
    expect(defaults.uploadBytesPerDay).toBe(1024 * 1024 * 1024);
    expect(defaults.mailRetentionMs).toBe(24 * 60 * 60 * 1000);
    const set = loadConfig({ UPLOAD_MB_PER_DAY: '300', MAIL_RETENTION_HOURS: '2' });
    expect(set.uploadBytesPerDay).toBe(300 * 1024 * 1024);
    expect(set.mailRetentionMs).toBe(2 * 60 * 60 * 1000);
    for (const bad of [{ UPLOAD_MB_PER_DAY: '0' }, { MAIL_RETENTION_HOURS: 'forever' }])
      expect(() => loadConfig(bad)).toThrow(ConfigError);
  });

  it('uses PostgreSQL when DATABASE_URL is a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/quad' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/quad',
    });
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'http://redis',
        GEO_GATE: 'maybe',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'GEO_GATE'])
      expect(problems).toContain(name);
    expect((error as ConfigError).message).toContain('Quad cannot start');
  });

  it('writes coloured lines on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    const log = (env: Record<string, string>, terminal: boolean) =>
      prettyLog(loadConfig(env), terminal);
    expect(log({}, true)).toBe(true);
    expect(log({}, false)).toBe(false);
    expect(log({ LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(log({ LOG_FORMAT: 'pretty' }, false)).toBe(true);
    expect(log({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'silent' }, true)).toBe(false);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('shows the dev mailbox only on localhost without SMTP, unless forced', () => {
    expect(loadConfig({ BASE_DOMAIN: 'quad.example.com' }).devMailbox).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }).devMailbox).toBe(false);
    expect(loadConfig({ BASE_DOMAIN: 'quad.example.com', DEV_MAILBOX: 'on' }).devMailbox).toBe(
      true,
    );
    expect(loadConfig({ DEV_MAILBOX: 'off' }).devMailbox).toBe(false);
  });
});

describe('metrics and analytics configuration', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems.join('\n');
      throw error;
    }
    return '';
  };

  it('keeps /metrics off by default and refuses METRICS=on without a token', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(problemsOf({ METRICS: 'on' })).toContain('METRICS_TOKEN: is required when METRICS=on');
    expect(problemsOf({ METRICS: 'on', METRICS_TOKEN: 'short' })).toContain(
      'METRICS_TOKEN: must be at least 32 characters',
    );
    const token = 'x'.repeat(32);
    expect(loadConfig({ METRICS: 'on', METRICS_TOKEN: token }).metrics).toEqual({ token });
    // A token without METRICS=on turns nothing on.
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toBeUndefined();
  });

  it('runs one process unless WEB_CONCURRENCY says, and several only with Redis (ADR 062)', () => {
    expect(loadConfig({}).processes).toBe(1);
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(loadConfig({ ...redis, WEB_CONCURRENCY: '2' }).processes).toBe(2);
    expect(loadConfig({ ...redis, WEB_CONCURRENCY: 'auto' }).processes).toBe(
      os.availableParallelism(),
    );
    expect(problemsOf({ WEB_CONCURRENCY: '2' })).toContain(
      'WEB_CONCURRENCY: 2 processes need REDIS_URL: without Redis each process would keep its own live events, caches and rate limits (set REDIS_URL, or WEB_CONCURRENCY=1)',
    );
    for (const bad of ['0', 'two', '65', '1.5'])
      expect(problemsOf({ ...redis, WEB_CONCURRENCY: bad })).toContain(
        'WEB_CONCURRENCY: must be a whole number from 1 to 64, or auto (one process a CPU)',
      );
  });

  it('logs every successful GET unless LOG_SAMPLE says a share (ADR 062)', () => {
    expect(loadConfig({}).logSample).toBe(1);
    expect(loadConfig({ LOG_SAMPLE: '0.1' }).logSample).toBe(0.1);
    expect(problemsOf({ LOG_SAMPLE: '2' })).toMatch(/^LOG_SAMPLE: /);
  });

  it('reads the staff and admin lists as lowercase addresses', () => {
    const config = loadConfig({
      ANALYTICS_STAFF_EMAILS: ' Staff@Quad.app, ops@quad.app ,',
      ADMIN_EMAILS: 'Boss@Quad.app',
    });
    expect(config.analytics).toEqual({
      enabled: true,
      staffEmails: ['staff@quad.app', 'ops@quad.app'],
    });
    expect(config.adminEmails).toEqual(['boss@quad.app']);
    expect(loadConfig({ ANALYTICS: 'off' }).analytics.enabled).toBe(false);
    expect(problemsOf({ ADMIN_EMAILS: 'boss' })).toContain(
      'ADMIN_EMAILS: must be e-mail addresses separated by commas',
    );
  });

  it('reads moderators per campus and refuses a malformed campus id or a bad address', () => {
    expect(loadConfig({}).moderators).toEqual({});
    expect(
      loadConfig({ MODERATORS: ' ou:Alice@ou.edu, bob@ou.edu ; ut:carol@utexas.edu;' }).moderators,
    ).toEqual({ ou: ['alice@ou.edu', 'bob@ou.edu'], ut: ['carol@utexas.edu'] });
    // A campus added with `npm run campus -- add` is not compiled in: its id is read by form (ADR 057).
    expect(loadConfig({ MODERATORS: 'Rice:Dan@rice.edu' }).moderators).toEqual({
      rice: ['dan@rice.edu'],
    });
    for (const part of ['x:dan@mit.edu', 'm-i-t:dan@mit.edu', 'dan@mit.edu'])
      expect(problemsOf({ MODERATORS: part })).toContain(
        `MODERATORS: "${part}" must start with a campus id (2 to 20 lowercase letters or digits, such as ou) and a colon`,
      );
    expect(problemsOf({ MODERATORS: 'ou:alice' })).toContain(
      'MODERATORS: campus ou needs e-mail addresses separated by commas (not alice)',
    );
  });
});
