import { AUTH_MESSAGES as M } from '@common/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../test/db';
import { buildUser } from '../../../test/factories';
import type { UserRow } from '../../db/schema';
import { registerErrorHandling } from '../../http/error-handler';
import { HttpError } from '../../core/errors';
import { requireSchoolVerified, requireSignedIn, requireVerified } from '../../core/policies/roles';
import { usersRepository } from '../users/users.repository';

/**
 * The permission levels of docs/product/README.md, Roles: guest, unverified,
 * not school-verified, school-verified. Users are read back from the database,
 * so the guards see what each dialect returns (SQLite booleans are 0/1).
 */

type Level = 'guest' | 'unverified' | 'verified' | 'schoolVerified';
type Guard = (user: UserRow | null) => void;

const GUARDS: Record<string, Guard> = { requireSignedIn, requireVerified, requireSchoolVerified };

interface Refusal {
  status: number;
  code: string;
  message: string;
}

const SIGNED_OUT: Refusal = { status: 401, code: 'signed_out', message: M.signInRequired };
const NOT_VERIFIED: Refusal = { status: 403, code: 'not_verified', message: M.verifyRequired };
const NOT_SCHOOL_VERIFIED: Refusal = {
  status: 403,
  code: 'not_school_verified',
  message: M.schoolVerifyRequired,
};

/** What each guard answers at each level: an error, or null to pass. */
const EXPECTED: Record<string, Record<Level, Refusal | null>> = {
  requireSignedIn: { guest: SIGNED_OUT, unverified: null, verified: null, schoolVerified: null },
  requireVerified: {
    guest: SIGNED_OUT,
    unverified: NOT_VERIFIED,
    verified: null,
    schoolVerified: null,
  },
  requireSchoolVerified: {
    guest: SIGNED_OUT,
    unverified: NOT_VERIFIED,
    verified: NOT_SCHOOL_VERIFIED,
    schoolVerified: null,
  },
};

let db: TestDb;
let app: FastifyInstance;
const users = {} as Record<Level, UserRow | null>;

beforeAll(async () => {
  db = await createTestDb();
  const read = async (overrides: Parameters<typeof buildUser>[1]) =>
    (await usersRepository.findById(db.kysely, (await buildUser(db, overrides)).id))!;
  users.guest = null;
  users.unverified = await read({ verified: false, school_verified: false });
  users.verified = await read({ verified: true, school_verified: false });
  users.schoolVerified = await read({
    verified: true,
    school_verified: true,
    school_email: `guard-${Date.now().toString(36)}@ou.edu`,
  });

  // A small app with Quad's error handler: each route applies one guard to the user named in a header.
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  for (const [name, guard] of Object.entries(GUARDS)) {
    app.get(`/guarded/${name}`, async (request) => {
      const id = request.headers['x-user-id'];
      const user =
        typeof id === 'string' ? ((await usersRepository.findById(db.kysely, id)) ?? null) : null;
      guard(user);
      return { ok: true, id: user?.id ?? null };
    });
  }
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.close();
});

const LEVELS: Level[] = ['guest', 'unverified', 'verified', 'schoolVerified'];

describe.each(Object.keys(GUARDS))('%s', (name) => {
  it.each(LEVELS)('for a %s user', (level) => {
    const guard = GUARDS[name]!;
    const expected = EXPECTED[name]![level];
    const user = users[level];
    if (!expected) {
      expect(() => guard(user)).not.toThrow();
      return;
    }
    let thrown: unknown;
    try {
      guard(user);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({
      statusCode: expected.status,
      code: expected.code,
      message: expected.message,
    });
  });

  it.each(LEVELS)('answers over HTTP for a %s user', async (level) => {
    const expected = EXPECTED[name]![level];
    const user = users[level];
    const res = await app.inject({
      method: 'GET',
      url: `/guarded/${name}`,
      headers: user ? { 'x-user-id': user.id } : {},
    });
    if (!expected) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, id: user!.id });
      return;
    }
    expect(res.statusCode).toBe(expected.status);
    expect(res.json()).toEqual({ error: { code: expected.code, message: expected.message } });
  });
});

describe('requireSchoolVerified', () => {
  it('asks to verify the account first when only the school flag is set', async () => {
    const odd = (await usersRepository.findById(
      db.kysely,
      (await buildUser(db, { verified: false, school_verified: true })).id,
    ))!;
    expect(() => requireSchoolVerified(odd)).toThrow(M.verifyRequired);
  });
});
