import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV_NAMES, loadConfig } from './config';
import { loadDotEnv } from './env-file';

/** `.env` in the working directory (docs/operating.md, Configuration; ADR 053). */

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-env-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('.env', () => {
  it('fills the configuration from the file, and a real environment variable wins', () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, '.env'),
      '# comment\nQUAD_ENV_TEST_PORT=4100\nQUAD_ENV_TEST_DOMAIN="quad.example.com"\n',
    );
    vi.stubEnv('QUAD_ENV_TEST_PORT', '4200');
    vi.stubEnv('QUAD_ENV_TEST_DOMAIN', undefined);
    expect(loadDotEnv(dir)).toBe(true);
    expect(process.env.QUAD_ENV_TEST_DOMAIN).toBe('quad.example.com');
    expect(process.env.QUAD_ENV_TEST_PORT).toBe('4200');
    const config = loadConfig({
      PORT: process.env.QUAD_ENV_TEST_PORT,
      BASE_DOMAIN: process.env.QUAD_ENV_TEST_DOMAIN,
    });
    expect(config.port).toBe(4200);
    expect(config.baseDomain).toBe('quad.example.com');
  });

  it('is optional: without a file nothing changes', () => {
    const dir = tempDir();
    const before = { ...process.env };
    expect(loadDotEnv(dir)).toBe(false);
    expect(process.env).toEqual(before);
  });
});

describe('README.md', () => {
  it('lists every environment variable the configuration reads in its table', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const tableRows = readme.split('\n').filter((line) => line.startsWith('| `'));
    const missing = ENV_NAMES.filter(
      (name) => !tableRows.some((row) => row.includes(`\`${name}\``)),
    );
    expect(missing).toEqual([]);
  });
});
