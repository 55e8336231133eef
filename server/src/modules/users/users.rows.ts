import { mailboxOf } from '@common/campuses';
import type { Insertable } from 'kysely';
import type { NewUser, UsersTable } from '../../db/schema';

/** A `users` row with every column named, as it is written. */
export type UserInsertRow = Required<Insertable<UsersTable>>;

/** The columns a new student starts with: the table's own defaults (migration 0001). */
const NEW_STUDENT = {
  school_email: null,
  grad_year: null,
  phone: null,
  avatar_key: null,
  birth_year: null,
  birth_month: null,
  birth_day: null,
  gender: null,
  bio: '',
  profile_set_up: false,
  getting_started: true,
  verified: false,
  school_verified: false,
  type: 'individual',
  email_notifications: true,
  total_posts: 0,
  password_hash: null,
  google_sub: null,
  stripe_account_id: null,
  charges_enabled: false,
  payouts_enabled: false,
  stripe_onboarding_complete: false,
  failed_logins: 0,
  failed_login_window_start: null,
  locked_until: null,
  code_failures: 0,
  code_failure_window_start: null,
  banned_at: null,
  suspended_until: null,
} satisfies Partial<UserInsertRow>;

/**
 * The mailboxes stored beside the addresses a write sets (ADR 040): every
 * write of an e-mail goes through here, so the two never disagree.
 */
export function withMailboxes<T extends Partial<NewUser>>(changes: T): T {
  return {
    ...changes,
    ...(changes.email !== undefined ? { email_mailbox: mailboxOf(changes.email) } : {}),
    ...(changes.school_email !== undefined
      ? { school_mailbox: changes.school_email === null ? null : mailboxOf(changes.school_email) }
      : {}),
  };
}

/**
 * The one builder of a new user's row, for registration, the demo seed, the
 * tests' factories and the benchmarks: what `fields` names, the defaults of a
 * new student for the rest, and the mailboxes of its addresses.
 */
export function userRow(fields: NewUser): UserInsertRow {
  const named = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const row = { ...NEW_STUDENT, school_mailbox: null, email_mailbox: null, ...named };
  return withMailboxes(row as UserInsertRow);
}
