import { CAMPUS_IDS, CAMPUSES } from '@common/campuses';
import { MEETUP_SPOTS } from '@common/meetup-spots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../test/db';

/**
 * Migration 0026 seeds the eight campuses exactly as the compiled registry
 * defined them (ADR 054): every page, rule and test reads the same values.
 */

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.close();
});

describe('migration 0026: campuses as data', () => {
  it('seeds every compiled campus, field for field, in the same order', async () => {
    const rows = await db.kysely.selectFrom('campuses').selectAll().orderBy('sort_order').execute();
    expect(rows.map((r) => r.id)).toEqual([...CAMPUS_IDS]);
    for (const row of rows) {
      const c = CAMPUSES[row.id as keyof typeof CAMPUSES];
      expect({
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
      }).toEqual(c);
      expect(row.status).toBe('active');
      expect(row.logo_media_id).toBeNull();
      expect(Boolean(row.is_default)).toBe(row.id === 'ou');
      expect(Boolean(row.ranked_feed)).toBe(row.id === 'ou');
    }
  });

  it('seeds every campus’s meetup spots, in order', async () => {
    const spots = await db.kysely
      .selectFrom('meetup_spots')
      .selectAll()
      .orderBy('campus_id')
      .orderBy('sort_order')
      .execute();
    for (const id of CAMPUS_IDS) {
      const seeded = spots
        .filter((s) => s.campus_id === id)
        .map(({ id: spotId, name, description, hours }) => ({
          id: spotId,
          name,
          description,
          ...(hours === null ? {} : { hours }),
        }));
      expect(seeded).toEqual(MEETUP_SPOTS[id]);
    }
  });
});
