import { type Campus, compiledCampusOrFallback } from '@common/campuses';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import type { Db } from '../../db/kysely';
import type { Executor } from '../../db/schema';
import { enqueueMail } from '../../platform/mail';
import type { BlockReader } from '../blocks/blocks.service';
import { allows, type NotificationsService } from '../notifications/notifications.service';
import { listingMatches, type NewListing } from '../posts/posts.service';
import { matchScore, type QueryTerm } from '../search/search.service';
import { type MailedGroup, savedSearchMail } from './saved-searches.mails';
import {
  type CandidateSearch,
  savedSearchesRepository as saved,
  type TakenMatch,
} from './saved-searches.repository';
import { lookupKeys } from './saved-searches.terms';

/** A saved search e-mails at most once in this long. */
export const MAIL_WINDOW_MS = 60 * 60 * 1000;
/** A student's daily digest goes when their oldest waiting match is this old. */
export const DIGEST_AFTER_MS = 24 * 60 * 60 * 1000;

/** Which of a student's matching searches speaks for a post: the one that mails soonest. */
const EMAIL_ORDER: Record<string, number> = { instant: 0, daily: 1, off: 2 };

export interface SavedSearchAlertsDeps {
  db: Db;
  notifications: Pick<NotificationsService, 'notify'>;
  /** A listing alerts nobody across a block from its seller (ADR 024, 037). */
  blocks: Pick<BlockReader, 'hidden'>;
  publicUrl: string;
  /** The campus of a student's id (the registry's, ADR 054); the compiled ones by default. */
  campusOf?: (id: string) => Campus;
  now?: () => number;
  log?: (error: unknown) => void;
}

/** Where a mail's links go: the deployment and the student's campus. */
interface MailSite {
  publicUrl: string;
  campusOf: (id: string) => Campus;
}

/** Whether the listing is within the search's price filters (ADR 029), as search reads them. */
function withinPrice(search: CandidateSearch, price: number | null): boolean {
  const filter = {
    free: Boolean(search.free),
    minPrice: search.min_price ?? undefined,
    maxPrice: search.max_price ?? undefined,
  };
  // A new listing is neither sold nor expired: only its price is asked about.
  return listingMatches({ price, status: 'available', expires_at: null }, filter, 0);
}

/** Whether the listing is what the saved search asked for (ADR 010, 029): words, category, tab, price. */
function fits(search: CandidateSearch, post: NewListing, text: string): boolean {
  if (search.category && search.category !== post.category) return false;
  if (search.show === 'media' && post.media_count === 0) return false;
  if (!withinPrice(search, post.price)) return false;
  return matchScore(JSON.parse(search.terms) as QueryTerm[], text) > 0;
}

/** One search per student: a post that matches two of them is told once. */
function onePerStudent(searches: CandidateSearch[]): CandidateSearch[] {
  const chosen = new Map<string, CandidateSearch>();
  for (const s of searches) {
    const seen = chosen.get(s.user_id);
    if (!seen || (EMAIL_ORDER[s.email] ?? 2) < (EMAIL_ORDER[seen.email] ?? 2))
      chosen.set(s.user_id, s);
  }
  return [...chosen.values()];
}

/** Queues the e-mail of these matches of one student's searches, if they want e-mail. */
async function mail(
  trx: Executor,
  { publicUrl, campusOf }: MailSite,
  batch: { userId: string; taken: TakenMatch[]; at: number; kind: 'instant' | 'daily' },
): Promise<boolean> {
  const { userId, taken, at, kind } = batch;
  const to = await saved.recipient(trx, userId);
  // Their settings may hold the e-mail until their quiet hours end (ADR 059).
  const when = (await allows(trx, [userId], 'savedSearches', 'email', at)).get(userId);
  if (!to || when === undefined || taken.length === 0) return false;
  const [searches, posts] = await Promise.all([
    saved.searchesByIds(trx, [...new Set(taken.map((m) => m.saved_search_id))]),
    saved.postsByIds(trx, [...new Set(taken.map((m) => m.post_id))]),
  ]);
  const groups: MailedGroup[] = searches
    .map((s) => {
      const ids = new Set(taken.filter((m) => m.saved_search_id === s.id).map((m) => m.post_id));
      return { query: s.query, listings: posts.filter((p) => ids.has(p.id)) };
    })
    .filter((g) => g.listings.length > 0);
  if (groups.length === 0) return false;
  await enqueueMail(
    trx,
    savedSearchMail(campusOf(to.campus_id), publicUrl, to.email, groups, kind),
    when,
  );
  return true;
}

type MatchDeps = Required<Omit<SavedSearchAlertsDeps, 'log'>>;

/** Notifies the owners of the searches the listing fits; mails now or holds for later. */
async function match(deps: MatchDeps, post: NewListing): Promise<void> {
  const { db, notifications, blocks, now } = deps;
  const text = `${post.text} ${post.category ?? ''}`;
  const found = await saved.candidates(
    db.kysely,
    { campusId: post.campus_id, authorId: post.author_id },
    lookupKeys(text),
  );
  const fitting = found.filter((s) => fits(s, post, text));
  if (fitting.length === 0) return;
  const hidden = await blocks.hidden(post.author_id);
  const chosen = onePerStudent(fitting.filter((s) => !hidden.has(s.user_id)));
  if (chosen.length === 0) return;
  const at = now();
  const announce = await db.kysely.transaction().execute(async (trx) => {
    const announce = await notifications.notify(
      trx,
      chosen.map((s) => ({
        type: 'saved search',
        toUserId: s.user_id,
        from: { id: post.author_id },
        postId: post.id,
        message: NOTIFICATION_TEXT['saved search'](s.query, post.text),
      })),
    );
    const mailable = await allows(
      trx,
      chosen.map((s) => s.user_id),
      'savedSearches',
      'email',
      at,
    );
    for (const s of chosen) {
      if (s.email === 'off' || !mailable.has(s.user_id)) continue;
      const taken = { saved_search_id: s.id, post_id: post.id, user_id: s.user_id, created_at: at };
      if (s.email === 'instant' && (await saved.claimMail(trx, s.id, at, at - MAIL_WINDOW_MS)))
        await mail(trx, deps, { userId: s.user_id, taken: [taken], at, kind: 'instant' });
      else await saved.hold(trx, [taken]);
    }
    return announce;
  });
  announce();
}

/**
 * Saved-search alerts: matching each new listing after its post committed,
 * notifying, and e-mailing at once (one per search per hour), in an hour's
 * roll-up or in a daily digest (ADR 010).
 */
export interface SavedSearchAlerts {
  /** After a post committed: matching runs on its own, its failures logged (the PostWatch port). */
  posted(post: NewListing): void;
  /** Resolves once the matching of every post so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * The e-mails that are due at `at`: each instant search's roll-up of the
   * hour it held, each student's daily digest. Run every few minutes;
   * servers sharing a database may run it at once (each match is taken once).
   */
  sendDue(at?: number): Promise<number>;
}

/** Builds the saved-search alerts. */
export function createSavedSearchAlerts({
  db,
  notifications,
  blocks,
  publicUrl,
  campusOf = compiledCampusOrFallback,
  now = Date.now,
  log = () => undefined,
}: SavedSearchAlertsDeps): SavedSearchAlerts {
  const site: MailSite = { publicUrl, campusOf };
  const running = new Set<Promise<void>>();

  /** The matches an instant search's hour held, in one e-mail once the hour is over. */
  async function rollUp(savedSearchId: string, at: number): Promise<boolean> {
    return db.kysely.transaction().execute(async (trx) => {
      const taken = await saved.takeOfSearch(trx, savedSearchId);
      if (taken.length === 0) return false;
      if (!(await saved.claimMail(trx, savedSearchId, at, at - MAIL_WINDOW_MS))) {
        await saved.hold(trx, taken);
        return false;
      }
      return mail(trx, site, { userId: taken[0]!.user_id, taken, at, kind: 'instant' });
    });
  }

  /** A student's daily searches' matches in one e-mail. */
  async function digest(userId: string, at: number): Promise<boolean> {
    return db.kysely.transaction().execute(async (trx) =>
      mail(trx, site, {
        userId,
        taken: await saved.takeDigest(trx, userId),
        at,
        kind: 'daily',
      }),
    );
  }

  return {
    posted(post: NewListing): void {
      const job: Promise<void> = new Promise((resolve) => setImmediate(resolve))
        .then(() => match({ db, notifications, blocks, publicUrl, campusOf, now }, post))
        .catch(log)
        .finally(() => running.delete(job));
      running.add(job);
    },

    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },

    async sendDue(at: number = now()): Promise<number> {
      let sent = 0;
      for (const id of await saved.dueRollUps(db.kysely, at - MAIL_WINDOW_MS))
        if (await rollUp(id, at)) sent++;
      for (const userId of await saved.dueDigests(db.kysely, at - DIGEST_AFTER_MS))
        if (await digest(userId, at)) sent++;
      return sent;
    },
  };
}
