import type { AppDeps } from './deps';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { type BlocksService, createBlocksService } from './modules/blocks/blocks.service';
import { createAccountLinks } from './modules/auth/account-links.service';
import { type AuthService, createAuthService } from './modules/auth/auth.service';
import { loadBannedEmails } from './modules/auth/banned';
import { createGoogleSignIn } from './modules/auth/google.service';
import { createSessionCache } from './modules/auth/sessions.cache';
import { createSessionService, type SessionService } from './modules/auth/sessions.service';
import type { CampusRegistry } from './modules/campuses/campuses.registry';
import { createCampusAdmin } from './modules/campuses/campuses.admin';
import { type CampusLogos, createCampusLogos } from './modules/campuses/campuses.logo';
import { type CampusService, createCampusService } from './modules/campuses/campuses.service';
import {
  type ChatsService,
  type ChatsServiceDeps,
  createChatsService,
} from './modules/chats/chats.service';
import { createHealthService } from './modules/health/health.service';
import { createLikesService, createViewerSaves } from './modules/likes/likes.service';
import { createLiveService } from './modules/live/live.service';
import { createMailboxService } from './modules/mailbox/mailbox.service';
import { createDevStudents } from './modules/mailbox/mailbox.students';
import { createMediaService, type MediaService } from './modules/media/media.service';
import { createAlertMailer } from './modules/notifications/notifications.alerts';
import {
  createNotificationsService,
  type NotificationsService,
  pushTimes,
  withPushDevices,
} from './modules/notifications/notifications.service';
import { createPagesService } from './modules/pages/pages.service';
import { createPaymentsService } from './modules/payments/payments.service';
import {
  createPostCache,
  factChange,
  factsChanged,
  type PostCache,
} from './modules/posts/posts.cache';
import { createPostsService, type PostsService } from './modules/posts/posts.service';
import { createAccountService } from './modules/account/account.service';
import { hashPassword, verifyPassword } from './modules/auth/passwords';
import { createProfilesService } from './modules/profiles/profiles.service';
import { createReportsService } from './modules/reports/reports.service';
import { createSaleRecords, createSalesService } from './modules/sales/sales.service';
import { createModerationService } from './modules/moderation/moderation.service';
import {
  createSavedSearchAlerts,
  createSavedSearchesService,
} from './modules/saved-searches/saved-searches.service';
import { createSearchService } from './modules/search/search.service';
import { createVerificationService } from './modules/verification/verification.service';
import { createOidcProvider } from './platform/oauth/google';
import { createStripePayments } from './platform/payments/stripe';
import { createOutboxRetention } from './platform/mail';
import { loadSecretKey } from './platform/secret-key';
import { vapidKeysFrom, vapidSubject } from './modules/push/push.keys';
import { createPushService, type PushService } from './modules/push/push.service';
import { createPwaService } from './modules/pwa/pwa.service';

/** The platform's adapters and the campus registry (ADR 054) the app loaded from them. */
export type ServiceDeps = AppDeps & { campuses: CampusRegistry };

/** Where services report failures of work done after their answer (cache messages, side effects). */
export type ServiceLog = (error: unknown, message: string) => void;

/** What the composition root watches of the services (metrics, when on). */
export interface ServiceObservers {
  /** One read of a cache, named with its lane (posts_campus, posts_viewer, sessions). */
  cacheLookup?: (cache: string, hit: boolean) => void;
}

/**
 * Who is told of what: notifications with their e-mail alerts and pushes
 * (ADR 058), never across a block (ADR 037), and the saved-search alerts
 * that watch new posts.
 */
function createAlerting(
  { config, db, bus, storage, campuses }: ServiceDeps,
  blocks: BlocksService,
  log: ServiceLog,
  { campusLogos }: { campusLogos: CampusLogos },
) {
  const secretKey = loadSecretKey(config);
  // The installed app's icons are the uploaded logo when there is one (ADR 064).
  const pushing = createPush({ config, db, campuses }, campusLogos.campusIcon);
  const push = pushing.push;
  const notifications = createNotificationsService({
    db,
    blocks,
    bus,
    storage,
    secretKey,
    push,
    alerts: createAlertMailer({
      publicUrl: config.publicUrl,
      secretKey,
      campusOf: (id) => campuses.getOrDefault(id),
    }),
    log: (error) => log(error, 'notification side effect failed'),
  });
  const savedSearchAlerts = createSavedSearchAlerts({
    db,
    notifications,
    blocks,
    publicUrl: config.publicUrl,
    campusOf: (id) => campuses.getOrDefault(id),
    log: (error) => log(error, 'saved-search alert failed'),
  });
  // What the app's services list of it: the saved-search alerts, pushes and the installable app.
  return { notifications, savedSearchAlerts, alerting: { savedSearchAlerts, ...pushing } };
}

/**
 * Web push and the installable app (ADR 058): the VAPID key derived from the
 * secret key, pushes sent by the worker main.ts runs (woken through
 * `onPushQueued`), the manifest, icons and service worker of the build.
 */
function createPush(
  { config, db, campuses }: Pick<ServiceDeps, 'config' | 'db' | 'campuses'>,
  logoIcon: CampusLogos['campusIcon'],
) {
  // Pushes committed wake whoever delivers them (main.ts's worker); no one in tests.
  const listeners = new Set<() => void>();
  const push: PushService = createPushService({
    db,
    vapid: vapidKeysFrom(loadSecretKey(config)),
    subject: vapidSubject(config.publicUrl, config.mailFrom),
    publicUrl: config.publicUrl,
    services: config.pushServices,
    campusOf: (id) => campuses.getOrDefault(id),
    // The student's settings per kind and their quiet hours (ADR 059).
    shouldPush: pushTimes,
    // Read with their settings: a recipient with no device costs no statement.
    pushable: withPushDevices,
    queued: () => listeners.forEach((listener) => listener()),
  });
  return {
    push,
    // The app's icons are the uploaded logo when there is one (ADR 064).
    pwa: createPwaService({ webDist: config.webDist, logoIcon }),
    /** Calls `listener` whenever pushes were committed; returns what stops it. */
    onPushQueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * What many services share: the caches (ADR 004, 005), each telling the
 * observer of its reads, and the analytics recorder (ADR 016).
 */
async function createShared(
  { config, bus, db }: AppDeps,
  log: ServiceLog,
  { cacheLookup }: ServiceObservers,
) {
  const sessionCache = await createSessionCache({
    bus,
    ttlMs: config.sessionCacheMs,
    log: (error) => log(error, 'session cache message failed'),
    onLookup: cacheLookup && ((hit) => cacheLookup('sessions', hit)),
  });
  const postCache = await createPostCache({
    bus,
    ttlMs: config.postsCacheMs,
    log: (error) => log(error, 'posts cache message failed'),
    onLookup: cacheLookup && ((lane, hit) => cacheLookup(`posts_${lane}`, hit)),
  });
  const analytics = createAnalyticsService({
    db,
    ...config.analytics,
    admins: config.adminEmails,
    log,
  });
  return { sessionCache, postCache, analytics };
}

/** The CLI's rules behind the admin page (ADR 056); logos go through them too (ADR 064). */
function createCampusAdministration(
  { db, bus, storage, campuses: registry }: ServiceDeps,
  campuses: CampusService,
) {
  const campusAdmin = createCampusAdmin({ db, bus });
  return {
    campuses,
    campusAdmin,
    campusLogos: createCampusLogos({
      admin: campusAdmin,
      storage,
      reload: () => registry.reload(),
    }),
  };
}

/** Private conversations (ADR 008), told of blocks (ADR 024). */
function createChats(
  { db, bus, storage }: AppDeps,
  others: Pick<ChatsServiceDeps, 'media' | 'posts' | 'blocks' | 'notifications'>,
  log: ServiceLog,
) {
  return createChatsService({
    db,
    bus,
    storage,
    ...others,
    log: (error) => log(error, 'chat side effect failed'),
  });
}

/** Payouts through the provider, when configured (ADR 013). */
function createPayments({ db, config }: AppDeps, log: ServiceLog) {
  return createPaymentsService({
    db,
    provider: config.stripe ? createStripePayments(config.stripe) : null,
    publicUrl: config.publicUrl,
    log: (error) => log(error, 'payment provider call failed'),
  });
}

/** Blocks (ADR 024): a block changes which posts each of the pair sees, so their cached block sets go. */
function createBlocks({ db, storage }: AppDeps, postCache: PostCache) {
  return createBlocksService({
    db,
    storage,
    changed: (campusId, pair) =>
      postCache.changed(
        campusId,
        factsChanged(factChange['campus-lists'](), factChange.blocks(pair)),
      ),
  });
}

/**
 * Every service of the app, built once from the platform's adapters. Part of
 * the composition root: only `buildApp` calls it, and hands each route plugin
 * the services it needs (docs/architecture.md, "Adding a module"). A module
 * never builds another module's service; what it needs of one is passed in
 * here.
 */
export async function createServices(
  deps: ServiceDeps,
  log: ServiceLog,
  { cacheLookup }: ServiceObservers = {},
) {
  const { config, db, bus, storage } = deps;
  const { sessionCache, postCache, analytics } = await createShared(deps, log, { cacheLookup });
  const banned = loadBannedEmails(config.bannedEmailsFile);
  const campuses = createCampusService(deps.campuses, config.publicUrl);
  const blocks = createBlocks(deps, postCache);
  const admin = createCampusAdministration(deps, campuses);
  const { notifications, savedSearchAlerts, alerting } = createAlerting(deps, blocks, log, admin);
  const posts = createPostsService({
    db,
    storage,
    bus,
    saves: createViewerSaves(db),
    blocks,
    notifications,
    watch: savedSearchAlerts,
    cache: postCache,
    analytics,
    // Chats are built after posts, from them: a listing marked sold closes its offers through them.
    sales: createSaleRecords({ closeOffersOn: (...args) => chats.closeOffersOn(...args) }),
    campusOf: (id) => deps.campuses.get(id),
    log: (error) => log(error, 'post side effect failed'),
  });
  const live = createLiveService(bus);
  const media = createMediaService({ db, storage, bytesPerDay: config.uploadBytesPerDay });
  const chats = createChats(deps, { media, posts, blocks, notifications }, log);
  const sessions = createSessionService(db, {
    cache: sessionCache,
    bus,
    log: (error) => log(error, 'session end message failed'),
  });
  const used = { posts, sessions, media, chats, postCache, notifications, blocks };
  const people = createPeopleServices(deps, used, log);
  const auth = createAuthService({ db, config, banned, sessions, analytics });
  const services = {
    health: createHealthService(db, bus),
    ...admin,
    sessions,
    auth,
    google: config.google
      ? createGoogleSignIn({ db, banned, analytics, provider: createOidcProvider(config.google) })
      : null,
    verification: createVerificationService({
      db,
      config,
      links: createAccountLinks({ db }),
      verifyPassword,
      sessions,
      badgeChanged: (campusId) => posts.changed(campusId, factChange['student-profile']()),
      campuses,
    }),
    media,
    posts,
    likes: createLikesService({ db, storage, posts, notifications, blocks }),
    notifications,
    chats,
    live,
    // The dev mailbox shows everyone's codes: only where config allows it.
    mailbox: config.devMailbox ? createDevServices(db, auth) : null,
    payments: createPayments(deps, log),
    // Profiles for link previews, moderation for who moderates (ADR 025).
    pages: createPagesService({ ...deps, ...people, campuses, posts, chats, analytics, log }),
    analytics,
    blocks,
    // Sent mail is deleted after its retention (ADR 039).
    outbox: createOutboxRetention(db, config.mailRetentionMs),
    ...people,
    ...alerting,
  };
  return {
    services,
    /** Stops what the services keep running: bus subscriptions of the caches and live hub. */
    async close(): Promise<void> {
      await savedSearchAlerts.idle();
      await analytics.idle();
      await live.close();
      await postCache.close();
      await sessionCache.close();
    },
  };
}

/** The dev mailbox and the students made in one step beside it (ADR 035). */
function createDevServices(db: AppDeps['db'], auth: AuthService) {
  return {
    mailbox: createMailboxService(db),
    students: createDevStudents({ db, register: (input, campus) => auth.register(input, campus) }),
  };
}

/**
 * Search (with saved searches), profiles, account settings, reports and
 * moderation: what a student finds of others, keeps of themselves and tells
 * moderators, and what moderators do about it.
 */
function createPeopleServices(
  { db, storage, config }: AppDeps,
  {
    posts,
    sessions,
    media,
    chats,
    postCache: cache,
    blocks,
    notifications,
  }: {
    posts: PostsService;
    sessions: SessionService;
    media: MediaService;
    chats: ChatsService;
    postCache: PostCache;
    blocks: BlocksService;
    notifications: NotificationsService;
  },
  log: ServiceLog,
) {
  const readers = { db, storage, posts, blocks };
  const profiles = createProfilesService({
    ...readers,
    log: (error) => log(error, 'profile side effect failed'),
  });
  // A sale closes the listing's open offers (ADR 061).
  const sales = createSalesService({ ...readers, notifications, profiles, offers: chats });
  const search = createSearchService({
    ...readers,
    // Rankings and completions depend on which posts there are, not on their counts.
    cache: {
      read: (campusId, key, load) =>
        cache.read(campusId, key, load, { shows: { posts: [], list: true } }),
      forget: (campusId) => cache.changed(campusId, factChange['campus-lists']()),
    },
    moderators: config.moderators,
  });
  return {
    search,
    savedSearches: createSavedSearchesService({ db, search }),
    reports: createReportsService({ db, posts, chats, reviews: sales }),
    moderation: createModerationService({
      db,
      moderators: config.moderators,
      posts,
      chats,
      reviews: sales,
      notifications,
      endSessions: (userId) => sessions.endAllFor(userId),
    }),
    account: createAccountService({
      db,
      storage,
      leaving: {
        authorLeaving: posts.authorLeaving,
        authorLeft: posts.authorLeft,
        chatFiles: media.keysOfChatsOf,
      },
      log: (error) => log(error, 'account side effect failed'),
      changed: (campusId) => posts.changed(campusId, factChange['student-profile']()),
      passwords: {
        hash: (password) => hashPassword(password, config.passwordHashCost),
        verify: verifyPassword,
        endOtherSessions: (userId, keep) =>
          sessions.endAllFor(userId, keep ? { except: keep } : {}),
      },
    }),
    profiles,
    sales,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>['services'];
