import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import type { App } from '../../src/app';
import { hashPassword } from '../../src/modules/auth/passwords';
import { addressSequence, api, loginAs } from '../auth';
import { buildPost, buildUser } from '../factories';
import type { Hints } from './schema-values';

export const WORLD_PASSWORD = 'correct-horse-battery';
const nextAddress = addressSequence('198.19');

/**
 * What the fuzzer's requests can point at: a school-verified owner with a
 * post, a comment under it, a chat with a message, a saved and a recent
 * search; another student of the campus. Built afresh for every route.
 */
export async function buildWorld(app: App) {
  const db = app.deps.db;
  const password_hash = await hashPassword(WORLD_PASSWORD, 10);
  const student = (name: string) =>
    buildUser(db, {
      verified: true,
      school_verified: true,
      school_email: `${name}-${uuidv7().slice(-8)}@ou.edu`,
      password_hash,
    });
  const owner = await student('owner');
  const other = await student('other');
  const post = await buildPost(db, owner, { text: 'Mini fridge for sale, barely used' });
  const comment = await buildPost(db, other, { parent_id: post.id, root_id: post.id, depth: 1 });
  const cookie = await loginAs(app, owner);
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await api(app, { method, url, payload, cookie, remoteAddress: nextAddress() });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const { chat } = await call('POST', '/api/chats', { userId: other.id });
  const message = await call('POST', `/api/chats/${chat.id}/messages`, { text: 'Still there?' });
  const saved = await call('POST', '/api/me/saved-searches', { query: 'fridge' });
  const recent = await call('POST', '/api/me/searches', { text: 'desk lamp' });
  const ids = [post.id, comment.id, chat.id, message.id, saved.id, recent.search.id, other.id];
  return { owner, other, ids };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

/** Believable values by field name, drawn from the world, so hostile characters reach the rules. */
export function worldHints(world: World): Hints {
  const id = fc.oneof(fc.constantFrom(...world.ids), fc.uuid());
  const email = fc.constantFrom(world.owner.email, world.other.school_email!, 'new.student@ou.edu');
  const words = fc.constantFrom('fridge', 'desk lamp', 'Mini fridge, $40', 'bike\nwith lock');
  return {
    id,
    userId: id,
    parentId: id,
    sharedPostId: id,
    mediaIds: id,
    username: fc.constantFrom(world.owner.username, world.other.username, 'nobody-here'),
    email,
    schoolEmail: email,
    password: fc.constantFrom(WORLD_PASSWORD, 'a-new-password-9'),
    currentPassword: fc.constant(WORLD_PASSWORD),
    password2: fc.constant('a-new-password-9'),
    text: words,
    q: words,
    query: words,
    name: fc.constantFrom('Jamie Rivera', 'Ana María López'),
    firstName: fc.constantFrom('Jamie', 'Ana'),
    lastName: fc.constantFrom('Rivera', 'López'),
    bio: words,
    code: fc.constantFrom('1234', '0000'),
    token: fc.constant('t'.repeat(43)),
  };
}
