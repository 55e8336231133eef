import { MODERATION_MESSAGES } from '@common/schemas/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../test/db';
import { migrateToLatest } from '../migrate';

/**
 * Migration 0021 on the rows an older database holds (ADR 040): mailboxes
 * filled in, accounts sharing a school mailbox reported to their campus's
 * moderators, and each report given the campus of what it reports.
 */

let db: TestDb;
let t = Date.now() - 1_000_000;
const at = () => (t += 1000);

/** A user row as the tables were before 0021 (raw: the factories write today's columns). */
async function oldUser(id: string, campus: string, email: string, school: string | null) {
  await db.kysely
    .insertInto('users')
    .values({
      id,
      campus_id: campus,
      email,
      username: id,
      first_name: 'Jamie',
      last_name: 'Rivera',
      school_email: school,
      created_at: at(),
      updated_at: at(),
    } as never)
    .execute();
}

beforeAll(async () => {
  db = await createTestDb({ upTo: '0016-whole-saves' });
  await oldUser('first', 'ou', 'Jane@Example.com', 'jane@ou.edu');
  await oldUser('tagged', 'ou', 'jane+2@example.com', 'jane+2@ou.edu');
  await oldUser('subdomain', 'ou', 'other@example.com', 'jane@any.sub.ou.edu');
  await oldUser('apart', 'ut', 'sam@example.com', 'sam@utexas.edu');
  await oldUser('mover', 'ut', 'mover@example.com', null);
  await db.kysely
    .insertInto('posts')
    .values({
      id: 'ou-post',
      campus_id: 'ou',
      author_id: 'first',
      text: 'Lamp',
      created_at: at(),
      updated_at: at(),
    } as never)
    .execute();
  // Reported at OU; the reporter has since moved to UT.
  await db.kysely
    .insertInto('reports')
    .values({
      id: 'old-report',
      reporter_id: 'mover',
      target_post_id: 'ou-post',
      reason: 'scam',
      created_at: at(),
    } as never)
    .execute();
  await migrateToLatest(db);
});
afterAll(() => db.close());

const row = (id: string) =>
  db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe(`migration 0021 (${process.env.QUAD_TEST_DB ?? 'sqlite'})`, () => {
  it('stores the mailbox of every address; a shared school mailbox stays with the oldest account', async () => {
    expect(await row('first')).toMatchObject({
      email: 'Jane@Example.com',
      email_mailbox: 'jane@example.com',
      school_email: 'jane@ou.edu',
      school_mailbox: 'jane@ou.edu',
    });
    expect(await row('tagged')).toMatchObject({
      email_mailbox: 'jane@example.com',
      school_email: 'jane+2@ou.edu',
      school_mailbox: null,
    });
    expect(await row('subdomain')).toMatchObject({ school_mailbox: null });
    expect(await row('apart')).toMatchObject({ school_mailbox: 'sam@utexas.edu' });
  });

  it('reports each later account of a shared mailbox to its campus, naming the first', async () => {
    const reports = await db.kysely
      .selectFrom('reports')
      .selectAll()
      .where('target_user_id', 'is not', null)
      .orderBy('target_user_id')
      .execute();
    expect(reports.map((r) => [r.target_user_id, r.campus_id, r.reason, r.closed_at])).toEqual([
      ['subdomain', 'ou', MODERATION_MESSAGES.sharedMailbox('first', 'jane@ou.edu'), null],
      ['tagged', 'ou', MODERATION_MESSAGES.sharedMailbox('first', 'jane@ou.edu'), null],
    ]);
  });

  it('gives an existing report the campus of what it reports, not its reporter', async () => {
    const report = await db.kysely
      .selectFrom('reports')
      .select('campus_id')
      .where('id', '=', 'old-report')
      .executeTakeFirstOrThrow();
    expect(report.campus_id).toBe('ou');
  });

  it('keeps one account per school mailbox from now on', async () => {
    await expect(
      db.kysely
        .updateTable('users')
        .set({ school_mailbox: 'sam@utexas.edu' })
        .where('id', '=', 'mover')
        .execute(),
    ).rejects.toThrow();
  });
});
