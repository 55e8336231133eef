import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * Campuses as data (ADR 054): every site Quad serves, and its meetup spots
 * (ADR 026), move from compiled TypeScript into two tables that operators edit
 * with `npm run campus`. The eight campuses below are copied as they were on
 * the day this migration was written: a migration never reads the code it
 * replaces. Ids never change: they are stored on users and posts.
 *
 * - `status`: 'active' | 'read_only' (reads only, writes refused) | 'closed'.
 * - `is_default`: the campus of a host that names no campus (one row).
 * - `ranked_feed`: the feed is ranked by feed_score, not newest activity.
 * - `logo_media_id`: null draws the campus's monogram.
 * - `email_domains`: a JSON array of the school e-mail domains (ADR 040).
 */
export function campuses(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  const bool = dialect === 'postgres' ? 'boolean' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('campuses')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('school_name', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('email_domains', 'text', (c) => c.notNull())
        .addColumn('theme_primary', 'text', (c) => c.notNull())
        .addColumn('theme_on_primary', 'text', (c) => c.notNull())
        .addColumn('theme_accent', 'text', (c) => c.notNull())
        .addColumn('instagram', 'text', (c) => c.notNull())
        .addColumn('support_email', 'text', (c) => c.notNull())
        .addColumn('logo_media_id', 'text')
        .addColumn('is_default', bool, (c) => c.notNull().defaultTo(false))
        .addColumn('ranked_feed', bool, (c) => c.notNull().defaultTo(false))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('meetup_spots')
        .addColumn('campus_id', 'text', (c) =>
          c.notNull().references('campuses.id').onDelete('cascade'),
        )
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('hours', 'text')
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('meetup_spots_pk', ['campus_id', 'id'])
        .execute();
      await seed(db as Kysely<SeedTables>, Date.now());
    },
  };
}

interface SeedTables {
  campuses: Record<string, unknown>;
  meetup_spots: Record<string, unknown>;
}

async function seed(db: Kysely<SeedTables>, now: number): Promise<void> {
  for (const [
    order,
    { spots, primary, on_primary, accent, email_domains, ...c },
  ] of SEEDED.entries()) {
    await db
      .insertInto('campuses')
      .values({
        ...c,
        email_domains: JSON.stringify(email_domains),
        theme_primary: primary,
        theme_on_primary: on_primary,
        theme_accent: accent,
        is_default: c.id === 'ou',
        ranked_feed: c.id === 'ou',
        status: 'active',
        sort_order: order,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('meetup_spots')
      .values(spots.map((s, i) => ({ campus_id: c.id, ...s, sort_order: i })))
      .execute();
  }
}

interface SeededSpot {
  id: string;
  name: string;
  description: string;
  hours: string | null;
}

/** The eight campuses as common/campuses.ts and common/meetup-spots held them. */
export const SEEDED: ReadonlyArray<{
  id: string;
  name: string;
  product_name: string;
  school_name: string;
  city: string;
  state: string;
  email_domains: readonly string[];
  primary: string;
  on_primary: string;
  accent: string;
  instagram: string;
  support_email: string;
  spots: readonly SeededSpot[];
}> = [
  {
    id: 'ou',
    name: 'OU',
    product_name: 'OU Buy / Sell',
    school_name: 'University of Oklahoma',
    city: 'Norman, Oklahoma',
    state: 'OK',
    email_domains: ['ou.edu', 'alumni.ou.edu'],
    primary: '#841617',
    on_primary: '#ffffff',
    accent: '#fdf9d8',
    instagram: 'oubuysell',
    support_email: 'ou@quadcampus.app',
    spots: [
      {
        id: 'oupd-lobby',
        name: 'OU Police Department lobby',
        description: 'The police department lobby on Jenkins Avenue: staffed, lit and on camera.',
        hours: 'Open 24 hours',
      },
      {
        id: 'union-main',
        name: 'Oklahoma Memorial Union, main entrance',
        description: 'Inside the main doors of the student union, by the information desk.',
        hours: 'While the Union is open',
      },
      {
        id: 'bizzell-lobby',
        name: 'Bizzell Memorial Library, front lobby',
        description: 'The library’s main lobby, near the circulation desk.',
        hours: 'While the library is open',
      },
    ],
  },
  {
    id: 'ut',
    name: 'UT',
    product_name: 'UT Buy / Sell',
    school_name: 'The University of Texas at Austin',
    city: 'Austin, Texas',
    state: 'TX',
    email_domains: [
      'utexas.edu',
      'alumni.utexas.edu',
      'eid.utexas.edu',
      'utdallas.edu',
      'uta.edu',
      'utsa.edu',
      'utep.edu',
      'utrgv.edu',
      'utpb.edu',
      'uttyler.edu',
      'utmb.edu',
      'utsouthwestern.edu',
      'uthscsa.edu',
      'uth.edu',
    ],
    primary: '#bf5700',
    on_primary: '#ffffff',
    accent: '#333f48',
    instagram: 'utbuysell',
    support_email: 'ut@quadcampus.app',
    spots: [
      {
        id: 'utpd-lobby',
        name: 'UT Police Department lobby',
        description: 'The university police building’s lobby: staffed and on camera.',
        hours: 'Open 24 hours',
      },
      {
        id: 'union-main',
        name: 'Texas Union, main entrance',
        description: 'Inside the Guadalupe Street doors of the student union.',
        hours: 'While the Union is open',
      },
      {
        id: 'pcl-lobby',
        name: 'Perry-Castañeda Library, front lobby',
        description: 'The PCL’s entrance lobby, by the service desk.',
        hours: 'While the library is open',
      },
    ],
  },
  {
    id: 'smu',
    name: 'SMU',
    product_name: 'SMU Buy / Sell',
    school_name: 'Southern Methodist University',
    city: 'Dallas, Texas',
    state: 'TX',
    email_domains: ['smu.edu', 'alumni.smu.edu'],
    primary: '#cc0035',
    on_primary: '#ffffff',
    accent: '#354ca1',
    instagram: 'smubuysell',
    support_email: 'smu@quadcampus.app',
    spots: [
      {
        id: 'smupd-lobby',
        name: 'SMU Police Department lobby',
        description: 'The campus police lobby: staffed and on camera.',
        hours: 'Open 24 hours',
      },
      {
        id: 'hughes-trigg-main',
        name: 'Hughes-Trigg Student Center, main entrance',
        description: 'Inside the student center’s main doors, by the front desk.',
        hours: 'While the center is open',
      },
    ],
  },
  {
    id: 'uf',
    name: 'UF',
    product_name: 'UF Buy / Sell',
    school_name: 'University of Florida',
    city: 'Gainesville, Florida',
    state: 'FL',
    email_domains: ['ufl.edu', 'alumni.ufl.edu'],
    primary: '#0021a5',
    on_primary: '#ffffff',
    accent: '#fa4616',
    instagram: 'ufbuysell',
    support_email: 'uf@quadcampus.app',
    spots: [
      {
        id: 'upd-lobby',
        name: 'UF Police Department lobby',
        description: 'The university police station’s lobby: staffed and on camera.',
        hours: 'Open 24 hours',
      },
      {
        id: 'reitz-union-main',
        name: 'Reitz Union, main entrance',
        description: 'Inside the student union’s main doors, by the information desk.',
        hours: 'While the Union is open',
      },
      {
        id: 'library-west-lobby',
        name: 'Library West, front lobby',
        description: 'The library’s entrance lobby, by the service desk.',
        hours: 'While the library is open',
      },
    ],
  },
  {
    id: 'ucla',
    name: 'UCLA',
    product_name: 'UCLA Buy / Sell',
    school_name: 'University of California, Los Angeles',
    city: 'Los Angeles, California',
    state: 'CA',
    email_domains: ['ucla.edu', 'g.ucla.edu', 'alumni.ucla.edu'],
    primary: '#2774ae',
    on_primary: '#ffffff',
    accent: '#ffd100',
    instagram: 'uclabuysell',
    support_email: 'ucla@quadcampus.app',
    spots: [
      {
        id: 'uclapd-lobby',
        name: 'UCLA Police Department lobby',
        description: 'The campus police station’s lobby: staffed and on camera.',
        hours: 'Open 24 hours',
      },
      {
        id: 'ackerman-main',
        name: 'Ackerman Union, main entrance',
        description: 'Inside the student union’s Bruin Walk doors.',
        hours: 'While the Union is open',
      },
      {
        id: 'powell-lobby',
        name: 'Powell Library, front lobby',
        description: 'The library’s entrance rotunda, by the service desk.',
        hours: 'While the library is open',
      },
    ],
  },
  {
    id: 'stanford',
    name: 'Stanford',
    product_name: 'Stanford Buy / Sell',
    school_name: 'Stanford University',
    city: 'Stanford, California',
    state: 'CA',
    email_domains: ['stanford.edu', 'alumni.stanford.edu', 'cs.stanford.edu'],
    primary: '#8c1515',
    on_primary: '#ffffff',
    accent: '#175e54',
    instagram: 'stanfordbuysell',
    support_email: 'stanford@quadcampus.app',
    spots: [
      {
        id: 'sudps-lobby',
        name: 'Stanford Department of Public Safety lobby',
        description: 'The public safety building’s lobby: staffed and on camera.',
        hours: 'Open 24 hours',
      },
      {
        id: 'tresidder-main',
        name: 'Tresidder Memorial Union, main entrance',
        description: 'Inside the student union’s main doors.',
        hours: 'While the Union is open',
      },
      {
        id: 'green-library-lobby',
        name: 'Green Library, front lobby',
        description: 'The library’s entrance lobby, by the service desk.',
        hours: 'While the library is open',
      },
    ],
  },
  {
    id: 'duke',
    name: 'Duke',
    product_name: 'Duke Buy / Sell',
    school_name: 'Duke University',
    city: 'Durham, North Carolina',
    state: 'NC',
    email_domains: ['duke.edu', 'alumni.duke.edu'],
    primary: '#012169',
    on_primary: '#ffffff',
    accent: '#c84e00',
    instagram: 'dukebuysell',
    support_email: 'duke@quadcampus.app',
    spots: [
      {
        id: 'dukepd-lobby',
        name: 'Duke Police Department lobby',
        description: 'The campus police station’s lobby: staffed and on camera.',
        hours: 'Open 24 hours',
      },
      {
        id: 'bryan-center-main',
        name: 'Bryan Center, main entrance',
        description: 'Inside the student center’s main doors, by the information desk.',
        hours: 'While the center is open',
      },
      {
        id: 'perkins-lobby',
        name: 'Perkins Library, front lobby',
        description: 'The library’s entrance lobby, by the service desk.',
        hours: 'While the library is open',
      },
    ],
  },
  {
    id: 'campus',
    name: 'Campus',
    product_name: 'Campus Buy / Sell',
    school_name: 'Campus Buy / Sell',
    city: 'Colleges across the US',
    state: 'US',
    email_domains: [],
    primary: '#4338ca',
    on_primary: '#ffffff',
    accent: '#0ea5e9',
    instagram: 'campusbuysell',
    support_email: 'support@quadcampus.app',
    spots: [
      {
        id: 'police-lobby',
        name: 'Campus police department lobby',
        description:
          'Many campus police departments welcome exchanges in their lobby: staffed and on camera.',
        hours: null,
      },
      {
        id: 'union-main',
        name: 'Student Union, main entrance',
        description: 'Inside the student union’s main doors, where people come and go.',
        hours: 'While the Union is open',
      },
    ],
  },
];
