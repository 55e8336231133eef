import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createTestDb, type TestDb } from '../../../test/db';
import { userRow } from './users.rows';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.close();
});

/** What every new row must name, for a student called `name`. */
const named = (name: string) => ({
  id: uuidv7(),
  campus_id: 'ou',
  email: `${name}@example.com`,
  username: name,
  first_name: 'Jamie',
  last_name: 'Rivera',
  created_at: 1_700_000_000_000,
  updated_at: 1_700_000_000_000,
});

const read = (id: string) =>
  db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('userRow', () => {
  it("gives every column it is not given the table's own default", async () => {
    const bare = named('bare');
    await db.kysely.insertInto('users').values(bare).execute();
    const built = userRow(named('built'));
    await db.kysely.insertInto('users').values(built).execute();
    const own = ['id', 'email', 'username', 'email_mailbox'] as const;
    const withoutOwn = (row: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(row).filter(([k]) => !(own as readonly string[]).includes(k)),
      );
    expect(withoutOwn(await read(built.id))).toEqual(withoutOwn(await read(bare.id)));
  });

  it('stores the mailboxes its addresses reach (ADR 040)', () => {
    const row = userRow({
      ...named('mailboxes'),
      email: 'Jane+2@Alumni.OU.edu',
      school_email: 'jane.doe+x@ou.edu',
    });
    expect(row.email_mailbox).toBe('jane@ou.edu');
    expect(row.school_mailbox).toBe('jane.doe@ou.edu');
    expect(userRow(named('no-school')).school_mailbox).toBeNull();
  });

  it('keeps what it is given over the defaults, and a value left undefined is a default', () => {
    const row = userRow({ ...named('given'), verified: true, bio: undefined, grad_year: 2028 });
    expect(row).toMatchObject({ verified: true, bio: '', grad_year: 2028, school_verified: false });
  });
});
