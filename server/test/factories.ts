import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../src/db/kysely';
import type { Insertable } from 'kysely';
import type { PostsTable } from '../src/db/schema';
import { type UserInsertRow, userRow } from '../src/modules/users/users.rows';

type NewUser = UserInsertRow;
type NewPost = Required<Insertable<PostsTable>>;

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** A user row with believable defaults (`userRow`'s for the rest); every field can be overridden. */
export async function buildUser(db: Db, overrides: Partial<NewUser> = {}): Promise<NewUser> {
  const n = next();
  const now = Date.now();
  const row = userRow({
    id: uuidv7(),
    campus_id: 'ou',
    email: `student-${n}@example.com`,
    username: `student-${n}`,
    first_name: 'Jamie',
    last_name: 'Rivera',
    created_at: now,
    updated_at: now,
    ...overrides,
  });
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

/** A photo of a post at `position`, stored as an upload leaves it, its id `<post id>-m<position>`. */
export async function buildPhoto(
  db: Db,
  post: Pick<NewPost, 'id' | 'author_id'>,
  position = 0,
): Promise<void> {
  await db.kysely
    .insertInto('post_media')
    .values({
      id: `${post.id}-m${position}`,
      post_id: post.id,
      owner_id: post.author_id,
      position,
      key: `k/${post.id}-${position}.webp`,
      kind: 'image',
      mime: 'image/webp',
      width: 10,
      height: 10,
      bytes: 100,
      variants: '{}',
      created_at: Date.now(),
    })
    .execute();
}
