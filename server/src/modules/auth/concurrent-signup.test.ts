import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { api } from '../../../test/auth';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** More than the authorization matrix's seven cells registering one name at once. */
const RACERS = 10;
const emails = () =>
  Array.from({ length: RACERS }, () => `race-${randomUUID().slice(0, 8)}@example.com`);
const lastName = () =>
  `Race${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)}`;

// Ten students with the same name signing up at the same moment all get an
// account, each with its own username (the -2, -3 … rule under contention).
describe('simultaneous sign-ups with the same name', () => {
  it('registration gives every student a distinct username', async () => {
    const last = lastName();
    const responses = await Promise.all(
      emails().map((email, i) =>
        api(t.app, {
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: `Kim ${last}`, email, password: 'maroon-quad-sofa', terms: true },
          remoteAddress: `10.8.0.${i + 1}`,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(RACERS).fill(201));
    const usernames = new Set(responses.map((r) => r.json().viewer.username));
    expect(usernames.size).toBe(RACERS);
  });

  it('e-mailed-link sign-ups (inside a transaction) give every student a distinct username', async () => {
    const last = lastName();
    const addresses = emails();
    const tokens: string[] = [];
    for (const [i, email] of addresses.entries()) {
      await api(t.app, {
        method: 'POST',
        url: '/api/auth/magic-link',
        payload: { email, first: 'Kim', last },
        remoteAddress: `10.9.0.${i + 1}`,
      });
      const mail = await t.db.kysely
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', email)
        .executeTakeFirstOrThrow();
      tokens.push(new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!);
    }
    const responses = await Promise.all(
      addresses.map((email, i) =>
        api(t.app, {
          method: 'POST',
          url: '/api/auth/magic-link/complete',
          payload: { email, token: tokens[i] },
          remoteAddress: `10.7.0.${i + 1}`,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(RACERS).fill(200));
    expect(new Set(responses.map((r) => r.json().viewer.username)).size).toBe(RACERS);
  });
});
