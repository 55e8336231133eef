import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './kysely';
import { initial } from './migrations/0001-initial';
import { oauthStates } from './migrations/0002-oauth-states';
import { search } from './migrations/0003-search';
import { savedSearches } from './migrations/0004-saved-searches';
import { profiles } from './migrations/0005-profiles';
import { payouts } from './migrations/0006-payouts';
import { events } from './migrations/0007-events';
import { messageWarnings } from './migrations/0008-message-warnings';
import { reports } from './migrations/0009-reports';
import { listings } from './migrations/0010-listings';
import { blocks } from './migrations/0011-blocks';
import { moderation } from './migrations/0012-moderation';
import { meetups } from './migrations/0013-meetups';
import { listingLifecycle } from './migrations/0014-listing-lifecycle';
import { priceOrder } from './migrations/0015-price-order';
import { wholeSaves } from './migrations/0016-whole-saves';
import { notificationMarks } from './migrations/0018-notification-marks';
import { uploadUsage } from './migrations/0020-upload-usage';
import { oneMailbox } from './migrations/0021-one-mailbox';
import { loginFailures } from './migrations/0022-login-failures';
import { sales } from './migrations/0023-sales';
import { reviewReports } from './migrations/0025-review-reports';
import { campuses } from './migrations/0026-campuses';
import { notificationSettings } from './migrations/0030-notification-settings';
import { mediaAlt } from './migrations/0031-media-alt';
import { pushSubscriptions } from './migrations/0029-push-subscriptions';
import { pushSubscriptionSessions } from './migrations/0032-push-subscription-sessions';
import { alertMarks } from './migrations/0033-alert-marks';

/** Every migration in order; both dialects run the same list. */
function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '0001-initial': initial(db.dialect),
    '0002-oauth-states': oauthStates(db.dialect),
    '0003-search': search(db.dialect),
    '0004-saved-searches': savedSearches(db.dialect),
    '0005-profiles': profiles(db.dialect),
    '0006-payouts': payouts(),
    '0007-events': events(),
    '0008-message-warnings': messageWarnings(),
    '0009-reports': reports(),
    '0010-listings': listings(),
    '0011-blocks': blocks(db.dialect),
    '0012-moderation': moderation(db.dialect),
    '0013-meetups': meetups(db.dialect),
    '0014-listing-lifecycle': listingLifecycle(db.dialect),
    '0015-price-order': priceOrder(),
    '0016-whole-saves': wholeSaves(),
    '0018-notification-marks': notificationMarks(db.dialect),
    '0020-upload-usage': uploadUsage(db.dialect),
    '0021-one-mailbox': oneMailbox(db.dialect),
    '0022-login-failures': loginFailures(db.dialect),
    '0023-sales': sales(db.dialect),
    '0025-review-reports': reviewReports(),
    '0026-campuses': campuses(db.dialect),
    '0030-notification-settings': notificationSettings(),
    '0031-media-alt': mediaAlt(),
    '0029-push-subscriptions': pushSubscriptions(db.dialect),
    '0032-push-subscription-sessions': pushSubscriptionSessions(),
    '0033-alert-marks': alertMarks(db.dialect),
  };
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db);
}

/** Up to and including migration `name` only (the bench loads data before the search index). */
export async function migrateUpTo(db: Db, name: string): Promise<string[]> {
  return migrate(db, name);
}

async function migrate(db: Db, upTo?: string): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  // Branches add migrations side by side: one merged later may sort before one already run.
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
  const { error, results } = upTo
    ? await migrator.migrateTo(upTo)
    : await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
