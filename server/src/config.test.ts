import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

  it('shows the dev mailbox only on localhost without SMTP, unless forced', () => {
    expect(loadConfig({ BASE_DOMAIN: 'quad.example.com' }).devMailbox).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }).devMailbox).toBe(false);
    expect(loadConfig({ BASE_DOMAIN: 'quad.example.com', DEV_MAILBOX: 'on' }).devMailbox).toBe(
      true,
    );
    expect(loadConfig({ DEV_MAILBOX: 'off' }).devMailbox).toBe(false);
  });
});
