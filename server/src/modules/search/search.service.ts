import { z } from 'zod';
import type { Campus } from '@common/campuses';
import { PAGE_SIZES } from '@common/limits';
import type { ListingFilter } from '@common/schemas/posts';
import type { SearchPeople, SearchPosts, SearchTab, Suggestions } from '@common/schemas/search';
import { readCursor, writeCursor } from '../../core/cursor';
import * as campusPolicy from '../../core/policies/campus';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { BlocksService } from '../blocks/blocks.service';
import { filterKey, listingMatches, type PostsService } from '../posts/posts.service';
import { presentAuthor } from '../users/users.presenter';
import { type Candidate, searchRepository as search } from './search.repository';
import { createTermResolver, type TermResolver } from './search.terms';
import { highlightTerms, matchScore, plain, type QueryTerm, queryWords } from './search.text';
import type { Moderators } from '../../core/policies/moderation';
import { createSearchHistory, type SearchHistory } from './search.history';
import { type CampusCache, uncached } from './search.cache';
import { createSuggestions } from './search.suggestions';

/** The words matcher, for saved searches (ADR 010): listings read the same on every path. */
export { matchScore, queryWords, stem, wordsOf, type QueryTerm } from './search.text';

/** A search of listings: the words, the page and the listing filters (ADR 023). */
type SearchPostsQuery = { q: string; cursor?: string; category?: string } & ListingFilter;

/** The newest matches ranked per query: 20 pages of 10 (ADR 009). */
const CANDIDATES = 200;
const PAGE = PAGE_SIZES.search;

export interface SearchServiceDeps {
  db: Db;
  storage: BlobStore;
  posts: Pick<PostsService, 'byIds' | 'listingFacts'>;
  /** Whom each viewer blocked or was blocked by (modules/blocks); nobody when absent. */
  blocks?: Pick<BlocksService, 'hidden'>;
  cache?: CampusCache;
  /** Who moderates each campus (they drop popular queries); nobody when absent. */
  moderators?: Moderators;
  now?: () => number;
}

const offsetShape = z.number().int().min(0).lt(CANDIDATES);
const offsetOf = (cursor: string | undefined) => (cursor ? readCursor(cursor, offsetShape) : 0);
const nextCursor = (offset: number, total: number) =>
  offset + PAGE < total ? writeCursor(offset + PAGE) : null;

/**
 * Ranks candidates: best match first (every word as typed beats a word it
 * begins, which beats a correction), newest first among equals. With
 * `byThread`, a comment that matched stands for its top-level post.
 */
export function rank(candidates: Candidate[], terms: QueryTerm[], byThread: boolean): string[] {
  const best = new Map<string, { score: number; at: number }>();
  for (const c of candidates) {
    const score = Math.max(matchScore(terms, `${c.text} ${c.category ?? ''}`), 0.5);
    const id = byThread ? (c.root_id ?? c.id) : c.id;
    const seen = best.get(id);
    if (!seen || score > seen.score || (score === seen.score && c.created_at > seen.at)) {
      best.set(id, { score, at: Math.max(c.created_at, seen?.at ?? 0) });
    }
  }
  return [...best.entries()]
    .sort(([idA, a], [idB, b]) => b.score - a.score || b.at - a.at || (idA < idB ? 1 : -1))
    .map(([id]) => id);
}

/**
 * The ranking with the listing filters applied (ADR 023): one query for the
 * prices and statuses of the ranked posts, then sorted cheapest first when
 * asked (equal prices keep their rank). `soldMatches` counts the sold
 * listings the filters would keep with sold ones shown, from the same facts
 * (no further query), so search can offer them (ADR 050).
 */
async function byListing(
  posts: SearchServiceDeps['posts'],
  campus: Campus,
  ranked: string[],
  filter: ListingFilter,
  at: number,
) {
  const facts = new Map(
    (await posts.listingFacts(campus.id, ranked)).map((f) => [f.id, f] as const),
  );
  const kept: string[] = [];
  let soldMatches = 0;
  const withSold = { ...filter, includeSold: true };
  for (const id of ranked) {
    const f = facts.get(id);
    if (f === undefined) continue;
    if (listingMatches(f, filter, at)) kept.push(id);
    else if (f.status === 'sold' && listingMatches(f, withSold, at)) soldMatches += 1;
  }
  if (filter.sort !== 'price') return { kept, soldMatches };
  const byPrice = kept
    .map((id, at) => ({ id, at, price: facts.get(id)!.price! }))
    .sort((a, b) => a.price - b.price || a.at - b.at)
    .map((r) => r.id);
  return { kept: byPrice, soldMatches };
}

/** The ranked ids of the posts matching `q`, listings filtered (ADR 023). */
async function rankingOf(
  {
    db,
    posts,
    resolve,
    at,
  }: Pick<SearchServiceDeps, 'db' | 'posts'> & { resolve: TermResolver; at: number },
  campus: Campus,
  q: string,
  tab: 'latest' | 'media',
  category: string | undefined,
  filter: ListingFilter,
) {
  const terms = await resolve(q);
  if (terms.length === 0) return { terms, ranked: [] as string[], soldMatches: 0 };
  const candidates = await search.candidates(db, {
    campusId: campus.id,
    terms,
    media: tab === 'media',
    category,
    limit: CANDIDATES,
  });
  const ranked = rank(candidates, terms, tab === 'latest');
  const { kept, soldMatches } = await byListing(posts, campus, ranked, filter, at);
  return { terms, ranked: kept, soldMatches };
}

/**
 * Search of a campus: listings, photos and people; history, popular queries,
 * suggestions. The history's methods are declared in search.history.ts.
 */
export interface SearchService extends SearchHistory {
  /** Matching listings; a matching comment brings its post (the "latest" tab). */
  posts(user: UserRow | null, campus: Campus, query: SearchPostsQuery): Promise<SearchPosts>;
  /** Matching posts with photos or videos (the media tab). */
  media(user: UserRow | null, campus: Campus, query: SearchPostsQuery): Promise<SearchPosts>;
  /** Students of the campus by name or @username, none blocked either way (ADR 024). */
  people(
    user: UserRow | null,
    campus: Campus,
    query: { q: string; cursor?: string },
  ): Promise<SearchPeople>;
  /** While typing: the viewer's recent queries, the campus's queries, listing words (four indexed lookups, whatever the campus's size). */
  suggestions(user: UserRow | null, campus: Campus, raw: string): Promise<Suggestions>;
  /** A query read as terms the index knows (saved searches keep these). */
  terms(query: string): Promise<QueryTerm[]>;
}

/** Builds the search service; every method is named here once. */
export function createSearchService({
  db,
  storage,
  posts,
  blocks = { hidden: async () => new Set<string>() },
  cache = uncached,
  moderators = {},
  now = Date.now,
}: SearchServiceDeps): SearchService {
  const resolve = createTermResolver(db, now);

  /** The ranking of a query on a campus, read once per change of the campus's posts. */
  function ranking(
    campus: Campus,
    q: string,
    tab: 'latest' | 'media',
    category: string | undefined,
    filter: ListingFilter,
  ) {
    const key = `search:${tab}:${category ?? ''}:${filterKey(filter)}:${queryWords(q).join(' ')}`;
    return cache.read(campus.id, key, async () => ({
      key,
      ...(await rankingOf({ db, posts, resolve, at: now() }, campus, q, tab, category, filter)),
    }));
  }

  async function postResults(
    user: UserRow | null,
    campus: Campus,
    query: SearchPostsQuery,
    tab: Exclude<SearchTab, 'people'>,
  ): Promise<SearchPosts> {
    campusPolicy.canRead(user, campus);
    const offset = offsetOf(query.cursor);
    const { q, cursor: _cursor, category: asked, ...filter } = query;
    const category = asked && asked !== 'all' ? asked : undefined;
    const { key, terms, ranked, soldMatches } = await ranking(campus, q, tab, category, filter);
    const items = await posts.byIds(
      user,
      campus,
      `${key}:${offset}`,
      ranked.slice(offset, offset + PAGE),
    );
    return {
      items,
      nextCursor: nextCursor(offset, ranked.length),
      terms: ranked.length > 0 ? highlightTerms(terms) : [],
      soldMatches,
    };
  }

  const history = createSearchHistory({ db, now, moderators, forget: (id) => cache.forget(id) });

  return {
    popular: history.popular,
    dropPopular: history.dropPopular,
    recent: history.recent,
    record: history.record,
    removeRecent: history.removeRecent,
    clearRecent: history.clearRecent,

    posts: (user: UserRow | null, campus: Campus, query: SearchPostsQuery) =>
      postResults(user, campus, query, 'latest'),

    media: (user: UserRow | null, campus: Campus, query: SearchPostsQuery) =>
      postResults(user, campus, query, 'media'),

    async people(
      user: UserRow | null,
      campus: Campus,
      query: { q: string; cursor?: string },
    ): Promise<SearchPeople> {
      campusPolicy.canRead(user, campus);
      const offset = offsetOf(query.cursor);
      const q = plain(query.q).trim().replace(/^@/, '');
      if (!q) return { items: [], nextCursor: null };
      // Nobody blocked either way is found, and pages stay full (ADR 024).
      const hidden = [...(await blocks.hidden(user.id))];
      const rows = await search.people(db.kysely, campus.id, q, offset, PAGE + 1, hidden);
      return {
        items: rows.slice(0, PAGE).map((r) => presentAuthor(r, storage)),
        nextCursor: rows.length > PAGE ? writeCursor(offset + PAGE) : null,
      };
    },

    suggestions: createSuggestions(db, cache),

    terms: resolve,
  };
}
