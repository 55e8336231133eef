import type { CampusStatus, SiteCampus } from '@common/campuses';
import type { Db } from '../../db/kysely';
import type { Executor } from '../../db/schema';
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

/**
 * A refusal of the CLI and the admin page, in words for the operator; `fields`
 * names the field each problem is about (`theme.primary`, `spots.0.name`),
 * where there is one, for the page to show it beside that field.
 */
export class CampusAdminError extends Error {
  override name = 'CampusAdminError';
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
    /** Each problem on its own, without the heading the CLI prints. */
    readonly problems: readonly string[] = [message],
  ) {
    super(message);
  }
}

/** Retiring refused: the campus is closed already, or it is the default. */
export class CampusRetireRefused extends CampusAdminError {
  override name = 'CampusRetireRefused';
}

/** The first problem of each field. */
function fieldsOf(problems: readonly CampusInvalid[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const p of problems)
    for (const { field, message } of p.issues)
      if (field && !(field in fields)) fields[field] = message;
  return fields;
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
    isDefault: c.isDefault,
    logoMediaId: c.logoMediaId,
    spots: c.spots.map((s) => ({ ...s })),
  };
}

const NO_DEFAULT =
  'One campus serves hosts that name none: make another campus the default instead.';
const RETIRED_DEFAULT = 'A retired campus cannot be the default.';
const ONE_DEFAULT = 'Only one campus can be the default.';

/** Takes the default from whichever campus has it, before `id` gets it. */
async function moveDefault(trx: Executor, id: string, at: number): Promise<void> {
  await trx
    .updateTable('campuses')
    .set({ is_default: false, updated_at: at })
    .where('is_default', '=', true)
    .where('id', '!=', id)
    .execute();
}

/** The campuses `inputs` describe, each checked against the known ones and those before it. */
function validateAll(inputs: unknown[], known: SiteCampus[]): SiteCampus[] {
  const out: SiteCampus[] = [];
  const problems: CampusInvalid[] = [];
  for (const one of inputs) {
    try {
      out.push(validateCampus(one, [...known, ...out]));
    } catch (error) {
      if (!(error instanceof CampusInvalid)) throw error;
      problems.push(error);
    }
  }
  if (problems.length)
    throw new CampusAdminError(
      problems.map((p) => p.message).join('\n'),
      fieldsOf(problems),
      problems.flatMap((p) => p.problems),
    );
  if (out.filter((c) => c.isDefault).length > 1)
    throw new CampusAdminError(ONE_DEFAULT, { isDefault: ONE_DEFAULT });
  return out;
}

/** `existing` with `changed` applied, checked; the default moves, never vanishes. */
function validateEdit(
  existing: SiteCampus,
  changed: Record<string, unknown>,
  others: SiteCampus[],
): SiteCampus {
  let next: SiteCampus;
  try {
    next = validateCampus({ ...campusAsInput(existing), ...changed }, others, existing);
  } catch (error) {
    if (error instanceof CampusInvalid)
      throw new CampusAdminError(error.message, fieldsOf([error]), error.problems);
    throw error;
  }
  if (existing.isDefault && !next.isDefault)
    throw new CampusAdminError(NO_DEFAULT, { isDefault: NO_DEFAULT });
  if (next.isDefault && !existing.isDefault && next.status !== 'active')
    throw new CampusAdminError(RETIRED_DEFAULT, { isDefault: RETIRED_DEFAULT });
  return next;
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
        const out = validateAll(inputs, await readCampuses(trx));
        for (const campus of out) {
          if (campus.isDefault) await moveDefault(trx, campus.id, now());
          await saveCampus(trx, campus, now());
        }
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
        throw new CampusAdminError(`A campus id never changes: ${id} stays ${id}.`, {
          id: `A campus id never changes: ${id} stays ${id}.`,
        });
      const campus = await db.kysely.transaction().execute(async (trx) => {
        const known = await readCampuses(trx);
        const existing = known.find((c) => c.id === id);
        if (!existing) throw new CampusAdminError(`There is no campus "${id}".`);
        const others = known.filter((c) => c.id !== id);
        const next = validateEdit(existing, changed, others);
        if (next.isDefault && !existing.isDefault) await moveDefault(trx, id, now());
        await saveCampus(trx, next, now());
        return next;
      });
      // Every server reads every campus again: the one that lost the default too.
      await announce([id]);
      return campus;
    },

    async retire(id) {
      const campus = await find(id);
      const status = NEXT_STATUS[campus.status];
      if (!status) throw new CampusRetireRefused(`Campus ${id} is already closed.`);
      if (campus.isDefault)
        throw new CampusRetireRefused(
          `Campus ${id} serves hosts that name no campus: it cannot be retired.`,
        );
      await setCampusStatus(db.kysely, id, status, now());
      await announce([id]);
      return { ...campus, status };
    },
  };
}
