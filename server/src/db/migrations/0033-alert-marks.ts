import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * When a student was last mailed about a chat, or about a kind of act on a
 * post (ADR 073): a busy chat sends at most one e-mail in its window even
 * when the student keeps that kind out of the app, where no notification is
 * stored to count from. A mark goes with its student.
 */
export function alertMarks(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('alert_marks')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('mailed_at', time, (c) => c.notNull())
        .addPrimaryKeyConstraint('alert_marks_key', ['user_id', 'topic'])
        .execute();
    },
  };
}
