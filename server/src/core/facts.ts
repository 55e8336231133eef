/**
 * What a write changes, in the words the caches listen for (ADR 043). Every
 * state-changing route declares the facts it changes (`config.changes`, an
 * empty list when it changes nothing a cache keeps); each fact has a cache
 * that subscribes to it (`subscribers`), and a test fails on a route that
 * declares nothing or on a fact nobody hears.
 *
 * The session cache drops the caller's sessions after a route that changes
 * `viewer`, from the declaration alone. The posts cache drops precisely what
 * a write touched, which takes ids only the service knows: the service names
 * the same facts when it tells the cache (posts.cache.ts `factChange`).
 */
export const FACTS = {
  viewer:
    'The caller’s own account or session (their row: name, e-mail, verification, campus, settings; a sign-in or sign-out).',
  post: 'A post’s text, status, counts or thread: a comment below it, a save of it, its removal.',
  'campus-lists':
    'Which posts the campus’s lists hold, or their order at the top: a new post, a removal, a renewal, a sale, a block, a dropped popular search.',
  saves: 'What one student saved.',
  blocks: 'Whom a student blocked, or was blocked by.',
  'student-profile':
    'A student’s name, username, photo or verified badge, shown on all their posts: everything kept of their campus goes.',
} as const;

export type Fact = keyof typeof FACTS;

/** Who hears each fact: a cache's own list (sessions.cache.ts, posts.cache.ts). */
export type FactSubscriber = { name: string; facts: readonly Fact[] };
