import type { CampusStatus, SiteCampus } from '@common/campuses';
import type { Db } from '../../db/kysely';
import type { EventBus } from '../../platform/bus';
import { CAMPUS_CHANGED, CAMPUS_TOPIC } from './campuses.registry';
import { readCampuses, saveCampus, setCampusStatus } from './campuses.store';
import { CampusInvalid, validateCampus } from './campuses.validation';

/**
 * What `npm run campus` does (ADR 054): list, add, edit and retire campuses.
 * Every change is announced as `campus.changed` on the bus, so that every
 * server's registry reads the table again. A campus is never deleted: ids
 * are stored on users and posts.
 */
export interface CampusAdmin {
  list(): Promise<SiteCampus[]>;
  /** Adds one campus, or several at once: all of them or none. */
  add(input: unknown): Promise<SiteCampus[]>;
  /** Changes the fields `changes` names; the id stays. */
  edit(id: string, changes: unknown): Promise<SiteCampus>;
  /** Active → read-only; read-only → closed. */
  retire(id: string): Promise<SiteCampus>;
}

/** A refusal of the CLI, in words for the operator. */
export class CampusAdminError extends Error {
  override name = 'CampusAdminError';
}

const NEXT_STATUS: Record<CampusStatus, CampusStatus | null> = {
  active: 'read_only',
  read_only: 'closed',
  closed: null,
};

/** A stored campus as the JSON an operator writes: what `edit` merges changes into. */
export function campusAsInput(c: SiteCampus): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    productName: c.productName,
    schoolName: c.schoolName,
    city: c.city,
    state: c.state,
    emailDomains: [...c.emailDomains],
    theme: { ...c.theme },
    instagram: c.instagram,
    supportEmail: c.supportEmail,
    rankedFeed: c.rankedFeed,
    logoMediaId: c.logoMediaId,
    spots: c.spots.map((s) => ({ ...s })),
  };
}

export function createCampusAdmin({
  db,
  bus,
  now = Date.now,
}: {
  db: Db;
  bus: EventBus;
  now?: () => number;
}): CampusAdmin {
  const announce = async (ids: string[]) => {
    for (const id of ids) await bus.publish(CAMPUS_TOPIC, { type: CAMPUS_CHANGED, id });
  };
  const find = async (id: string) => {
    const campus = (await readCampuses(db.kysely)).find((c) => c.id === id);
    if (!campus) throw new CampusAdminError(`There is no campus "${id}".`);
    return campus;
  };

  return {
    list: () => readCampuses(db.kysely),

    async add(input) {
      const inputs = Array.isArray(input) ? input : [input];
      if (inputs.length === 0) throw new CampusAdminError('The file holds no campus.');
      const added = await db.kysely.transaction().execute(async (trx) => {
        const known = await readCampuses(trx);
        const out: SiteCampus[] = [];
        const problems: CampusInvalid[] = [];
        for (const one of inputs) {
          try {
            const campus = validateCampus(one, [...known, ...out]);
            out.push(campus);
          } catch (error) {
            if (!(error instanceof CampusInvalid)) throw error;
            problems.push(error);
          }
        }
        if (problems.length) throw new CampusAdminError(problems.map((p) => p.message).join('\n'));
        for (const campus of out) await saveCampus(trx, campus, now());
        return out;
      });
      await announce(added.map((c) => c.id));
      return added;
    },

    async edit(id, changes) {
      if (typeof changes !== 'object' || changes === null || Array.isArray(changes))
        throw new CampusAdminError('The changes must be one JSON object of fields.');
      const changed = changes as Record<string, unknown>;
      if ('id' in changed && changed.id !== id)
        throw new CampusAdminError(`A campus id never changes: ${id} stays ${id}.`);
      const campus = await db.kysely.transaction().execute(async (trx) => {
        const known = await readCampuses(trx);
        const existing = known.find((c) => c.id === id);
        if (!existing) throw new CampusAdminError(`There is no campus "${id}".`);
        const others = known.filter((c) => c.id !== id);
        let next: SiteCampus;
        try {
          next = validateCampus({ ...campusAsInput(existing), ...changed }, others, existing);
        } catch (error) {
          if (error instanceof CampusInvalid) throw new CampusAdminError(error.message);
          throw error;
        }
        await saveCampus(trx, next, now());
        return next;
      });
      await announce([id]);
      return campus;
    },

    async retire(id) {
      const campus = await find(id);
      const status = NEXT_STATUS[campus.status];
      if (!status) throw new CampusAdminError(`Campus ${id} is already closed.`);
      if (campus.isDefault)
        throw new CampusAdminError(
          `Campus ${id} serves hosts that name no campus: it cannot be retired.`,
        );
      await setCampusStatus(db.kysely, id, status, now());
      await announce([id]);
      return { ...campus, status };
    },
  };
}
