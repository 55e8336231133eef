import {
  CAMPUS_IDS,
  CAMPUSES,
  type CampusId,
  FALLBACK_CAMPUS_ID,
  hostCampusLabel,
  RANKED_CAMPUS_ID,
  setSchoolDomains,
  type SiteCampus,
} from '@common/campuses';
import { MEETUP_SPOTS, type MeetupSpot, setSpotLookup } from '@common/meetup-spots';
import type { Db } from '../../db/kysely';
import type { EventBus } from '../../platform/bus';
import { readCampuses } from './campuses.store';

/** Where a changed campus is announced to every server (ADR 054). */
export const CAMPUS_TOPIC = 'campuses';
export const CAMPUS_CHANGED = 'campus.changed';
/** How often a server checks the table for a change no event told it of (no Redis, ADR 054). */
export const CAMPUS_CHECK_MS = 30_000;

/**
 * The campuses this server serves, read from the database at start and again
 * whenever any server announces `campus.changed` on the bus, or the bus comes
 * back from an outage (ADR 021, 054), and when a check every
 * CAMPUS_CHECK_MS finds the table changed (the CLI is another process: without
 * Redis its event reaches no server). Reads are synchronous: every request
 * resolves its campus from memory.
 */
export interface CampusRegistry {
  /** Every campus, closed ones included, in the school finder's order. */
  all(): readonly SiteCampus[];
  get(id: CampusId): SiteCampus | undefined;
  /** The campus of that id, else the default campus (a stored id of a campus since removed). */
  getOrDefault(id: CampusId | null | undefined): SiteCampus;
  /** The campus of a Host header: `{id}.{baseDomain}`, else the default campus. */
  forHost(host: string | undefined): SiteCampus;
  /** True when the host names a campus of this registry. */
  isCampusHost(host: string): boolean;
  /** The campus's spot of that id, if it has one (ADR 026). */
  findSpot(campusId: CampusId, spotId: string): MeetupSpot | undefined;
  /** Reads the table again (also done on `campus.changed`). */
  reload(): Promise<void>;
  /** Tells every server, this one included, that a campus changed. */
  changed(id: CampusId): Promise<void>;
  close(): Promise<void>;
}

export interface CampusRegistryDeps {
  db: Db;
  bus: EventBus;
  baseDomain: string;
  log: (error: unknown, message: string) => void;
  checkEveryMs?: number;
}

/** Loads the registry and subscribes it to campus changes. */
export async function createCampusRegistry({
  db,
  bus,
  baseDomain,
  log,
  checkEveryMs = CAMPUS_CHECK_MS,
}: CampusRegistryDeps): Promise<CampusRegistry> {
  let byId = new Map<string, SiteCampus>();
  let list: SiteCampus[] = [];
  let fallback: SiteCampus | undefined;
  let stamp = '';

  async function reload(): Promise<void> {
    const [campuses, seen] = await Promise.all([readCampuses(db.kysely), changeStamp(db)]);
    stamp = seen;
    list = campuses;
    byId = new Map(campuses.map((c) => [c.id, c]));
    fallback = campuses.find((c) => c.isDefault) ?? campuses[0];
    setSchoolDomains(campuses.flatMap((c) => c.emailDomains));
    // Posts and meetups show their spot's name by its id (spotRef).
    setSpotLookup((campusId, spotId) => byId.get(campusId)?.spots.find((s) => s.id === spotId));
  }
  const refresh = () => void reload().catch((error) => log(error, 'campus reload failed'));

  await reload().catch((error: unknown) => {
    // A database that is down at start must not keep the server from
    // starting (it answers /readyz 503 meanwhile): the campuses the code
    // seeds serve until the check below reads the table.
    log(error, 'campus load failed: serving the seeded campuses until the database answers');
    list = compiledCampuses();
    byId = new Map(list.map((c) => [c.id, c]));
    fallback = byId.get(FALLBACK_CAMPUS_ID);
  });
  const unsubscribe = await bus.subscribe(CAMPUS_TOPIC, (event) => {
    if (event.type === CAMPUS_CHANGED) refresh();
  });
  const stopGaps = bus.onGap(refresh);
  const check = setInterval(() => {
    changeStamp(db)
      .then((seen) => (seen === stamp ? undefined : reload()))
      .catch((error: unknown) => log(error, 'campus check failed'));
  }, checkEveryMs);
  check.unref();

  const labelOf = (host: string | undefined) => hostCampusLabel(host, baseDomain);
  const orDefault = (found: SiteCampus | undefined): SiteCampus => {
    if (found) return found;
    if (!fallback) throw new Error('No campus: run `npm run migrate`.');
    return fallback;
  };
  return {
    all: () => list,
    get: (id) => byId.get(id),
    forHost: (host) => orDefault(byId.get(labelOf(host) ?? '')),
    getOrDefault: (id) => orDefault(byId.get(id ?? '')),
    isCampusHost: (host) => byId.has(labelOf(host) ?? ''),
    findSpot: (campusId, spotId) => byId.get(campusId)?.spots.find((s) => s.id === spotId),
    reload,
    async changed(id) {
      await reload();
      await bus.publish(CAMPUS_TOPIC, { type: CAMPUS_CHANGED, id });
    },
    async close() {
      clearInterval(check);
      stopGaps();
      await unsubscribe();
    },
  };
}

/** What changes when any campus row does: how many there are and the latest write. */
async function changeStamp(db: Db): Promise<string> {
  const row = await db.kysely
    .selectFrom('campuses')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.max<number | null>('updated_at').as('at'),
    ])
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)}:${Number(row?.at ?? 0)}`;
}

/** The eight campuses migration 0026 seeds, as the code defines them: what serves before the table is read. */
function compiledCampuses(): SiteCampus[] {
  return CAMPUS_IDS.map((id) => ({
    ...CAMPUSES[id],
    status: 'active' as const,
    isDefault: id === FALLBACK_CAMPUS_ID,
    rankedFeed: id === RANKED_CAMPUS_ID,
    logoMediaId: null,
    spots: MEETUP_SPOTS[id],
  }));
}

/**
 * The campus ids of a setting (MODERATORS) this registry does not know: the
 * configuration checks their form only, before the database is open, and a
 * campus added later makes them count from its arrival (ADR 057).
 */
export function unknownCampusIds(
  ids: Iterable<string>,
  registry: Pick<CampusRegistry, 'get'>,
): string[] {
  return [...ids].filter((id) => !registry.get(id));
}
