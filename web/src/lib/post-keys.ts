import type { InfiniteData } from '@tanstack/react-query';
import type { PostList } from '@common/schemas/posts';

/**
 * The keys of every post query, under ['posts', …] so a save or a new post can
 * patch them all. Apart from posts-api.ts so the app's entry can seed the feed
 * without taking the API code into the first download.
 */
export const postKeys = {
  all: ['posts'] as const,
  feeds: ['posts', 'feed'] as const,
  /** `filter`: the listing filters as a query string (ADR 023); none for the plain feed. */
  feed: (category: string, filter = '') =>
    filter
      ? (['posts', 'feed', category, filter] as const)
      : (['posts', 'feed', category] as const),
  saved: ['posts', 'saved'] as const,
  /** The viewer's own new posts of this visit (see rememberOwnPost); never fetched. */
  own: ['posts', 'own'] as const,
  detail: (id: string) => ['posts', 'detail', id] as const,
  likes: (id: string) => ['posts', 'likes', id] as const,
  /** A profile's tab (posts, photos, likes, replies) of `username`, lower case. */
  profile: (username: string, tab: string) => ['posts', 'profile', username, tab] as const,
  profiles: ['posts', 'profile'] as const,
};

/** A paged list of posts as TanStack Query caches it (the feed, saved posts). */
export type PostPages = InfiniteData<PostList, string | undefined>;
