import type { CampusStatus, SiteCampus } from '@common/campuses';
import type { MeetupSpot } from '@common/meetup-spots';
import type { Executor } from '../../db/schema';

/** Reads and writes of the `campuses` and `meetup_spots` tables (migration 0026, ADR 054). */

/** Every campus with its spots, in the order the school finder lists them. */
export async function readCampuses(db: Executor): Promise<SiteCampus[]> {
  const rows = await db.selectFrom('campuses').selectAll().orderBy('sort_order').execute();
  const spots = await db
    .selectFrom('meetup_spots')
    .selectAll()
    .orderBy('campus_id')
    .orderBy('sort_order')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    productName: row.product_name,
    schoolName: row.school_name,
    city: row.city,
    state: row.state,
    emailDomains: JSON.parse(row.email_domains) as string[],
    theme: {
      primary: row.theme_primary,
      onPrimary: row.theme_on_primary,
      accent: row.theme_accent,
    },
    instagram: row.instagram,
    supportEmail: row.support_email,
    privacy: 'private',
    status: row.status as CampusStatus,
    isDefault: Boolean(row.is_default),
    rankedFeed: Boolean(row.ranked_feed),
    logoMediaId: row.logo_media_id,
    spots: spots
      .filter((s) => s.campus_id === row.id)
      .map((s): MeetupSpot => ({
        id: s.id,
        name: s.name,
        description: s.description,
        ...(s.hours === null ? {} : { hours: s.hours }),
      })),
  }));
}

/** Writes a campus and replaces its spots: a new one last in order, an existing one in place. */
export async function saveCampus(db: Executor, campus: SiteCampus, at: number): Promise<void> {
  const values = {
    name: campus.name,
    product_name: campus.productName,
    school_name: campus.schoolName,
    city: campus.city,
    state: campus.state,
    email_domains: JSON.stringify(campus.emailDomains),
    theme_primary: campus.theme.primary,
    theme_on_primary: campus.theme.onPrimary,
    theme_accent: campus.theme.accent,
    instagram: campus.instagram,
    support_email: campus.supportEmail,
    logo_media_id: campus.logoMediaId,
    is_default: campus.isDefault,
    ranked_feed: campus.rankedFeed,
    status: campus.status,
    updated_at: at,
  };
  const existing = await db
    .selectFrom('campuses')
    .select('id')
    .where('id', '=', campus.id)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('campuses').set(values).where('id', '=', campus.id).execute();
  } else {
    const last = await db
      .selectFrom('campuses')
      .select((eb) => eb.fn.max<number | null>('sort_order').as('max'))
      .executeTakeFirst();
    await db
      .insertInto('campuses')
      .values({ id: campus.id, ...values, sort_order: (last?.max ?? -1) + 1, created_at: at })
      .execute();
  }
  await db.deleteFrom('meetup_spots').where('campus_id', '=', campus.id).execute();
  await db
    .insertInto('meetup_spots')
    .values(
      campus.spots.map((s, i) => ({
        campus_id: campus.id,
        id: s.id,
        name: s.name,
        description: s.description,
        hours: s.hours ?? null,
        sort_order: i,
      })),
    )
    .execute();
}

/** Sets a campus's status (retiring it: ADR 054). */
export async function setCampusStatus(
  db: Executor,
  id: string,
  status: CampusStatus,
  at: number,
): Promise<void> {
  await db.updateTable('campuses').set({ status, updated_at: at }).where('id', '=', id).execute();
}
