import { mailboxOf } from '@common/campuses';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../src/db/kysely';
import type { Insertable } from 'kysely';
import type { PostsTable, UsersTable } from '../src/db/schema';

type NewUser = Required<Insertable<UsersTable>>;
type NewPost = Required<Insertable<PostsTable>>;

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** A user row with believable defaults; every field can be overridden. */
export async function buildUser(db: Db, overrides: Partial<NewUser> = {}): Promise<NewUser> {
  const n = next();
  const now = Date.now();
  const row: NewUser = {
    id: uuidv7(),
    campus_id: 'ou',
    email: `student-${n}@example.com`,
    username: `student-${n}`,
    first_name: 'Jamie',
    last_name: 'Rivera',
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
    created_at: now,
    updated_at: now,
    school_mailbox: null,
    email_mailbox: null,
    ...overrides,
  };
  row.email_mailbox = mailboxOf(row.email);
  row.school_mailbox = row.school_email ? mailboxOf(row.school_email) : null;
  await db.kysely.insertInto('users').values(row).execute();
  return row;
}

/** A post's row as buildPost writes it, not inserted (for writing many at once). */
export function postRow(
  author: Pick<NewUser, 'id' | 'campus_id'>,
  overrides: Partial<NewPost> = {},
): NewPost {
  const now = Date.now();
  return {
    id: uuidv7(),
    campus_id: author.campus_id,
    author_id: author.id,
    parent_id: null,
    root_id: null,
    depth: 0,
    text: 'Mini fridge, barely used. $40, pick up near campus.',
    category: null,
    media_count: 0,
    like_count: 0,
    comment_count: 0,
    feed_score: 0,
    price: null,
    obo: false,
    condition: null,
    status: 'available',
    spot_id: null,
    ask_sold_at: null,
    expires_at: null,
    bumped_at: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** A top-level post (or a reply when parent_id is given). */
export async function buildPost(
  db: Db,
  author: NewUser,
  overrides: Partial<NewPost> = {},
): Promise<NewPost> {
  const row = postRow(author, overrides);
  await db.kysely.insertInto('posts').values(row).execute();
  return row;
}
