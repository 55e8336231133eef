import type { Campus } from '@common/campuses';
import { BLOCK_MESSAGES as M, type BlockList, type BlockResult } from '@common/schemas/blocks';
import { badRequest, forbidden, notFound } from '../../core/errors';
import * as campusPolicy from '../../core/policies/campus';
import type { Db } from '../../db/kysely';
import type { Executor, UserRow } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';
import { presentAuthor } from '../users/users.presenter';
import { blocksRepository as blocks } from './blocks.repository';

export interface BlocksServiceDeps {
  db: Db;
  storage: BlobStore;
  /** A block between the pair changed on the campus: their cached block sets go (posts cache). */
  changed?: (campusId: string, pair: [string, string]) => void;
  now?: () => number;
}

/**
 * Blocks (ADR 024, 037): a student of the campus blocks another;
 * while it stands neither can message the other, reply to the other's posts
 * and comments or mention them, save their posts, heart their messages or
 * answer their meetups, nor notify them of anything; neither sees the other's posts in the feed or
 * search, nor finds them among people, and the blocked
 * student finds the blocker's profile missing. Either account's deletion
 * removes it.
 */
export interface BlocksService {
  /** Blocks the student; blocking again answers the same. */
  block(viewer: UserRow | null, campus: Campus, username: string): Promise<BlockResult>;
  /** Lifts the block; unblocking someone not blocked answers the same. */
  unblock(viewer: UserRow | null, campus: Campus, username: string): Promise<BlockResult>;
  /** The viewer's blocked students (settings), last blocked first: one statement. */
  list(viewer: UserRow | null, campus: Campus): Promise<BlockList>;
  /** Everyone hidden from the student and from whom the student is hidden (one statement). */
  hidden(userId: string): Promise<Set<string>>;
  /** Whether a block stands between two students, either way. */
  between(a: string, b: string): Promise<boolean>;
  /**
   * Whether `fromId` may reach `toId` at all (message, save, heart, answer a
   * meetup): not while a block stands between them, whoever made it
   * (ADR 024, 037). Refused with `message`, the act's own words.
   */
  requireReachable(fromId: string, toId: string, message: string): Promise<void>;
  /**
   * Which of `toIds` `fromId` cannot reach across a block, read with
   * `executor` (inside the caller's transaction): whom no notification of
   * theirs may reach (ADR 037).
   */
  unreachable(executor: Executor, fromId: string, toIds: string[]): Promise<Set<string>>;
  /** Whether any student of the campus these usernames name stands across a block from `userId`. */
  namedAcross(userId: string, campusId: string, usernames: string[]): Promise<boolean>;
  /** Whether `blockerId` blocked `blockedId` (the blocked student's view of the blocker). */
  blocked(blockerId: string, blockedId: string): Promise<boolean>;
}

/** Builds the BlocksService. */
export function createBlocksService({
  db,
  storage,
  changed = () => undefined,
  now = Date.now,
}: BlocksServiceDeps): BlocksService {
  async function target(viewer: UserRow | null, campus: Campus, username: string) {
    campusPolicy.canRead(viewer, campus);
    const student = await blocks.findStudent(db.kysely, campus.id, username);
    if (!student) throw notFound('not_found', M.userNotFound);
    if (student.id === viewer.id) throw badRequest('own_profile', M.notYourself);
    return { viewer, student };
  }

  return {
    async block(viewer: UserRow | null, campus: Campus, username: string): Promise<BlockResult> {
      const found = await target(viewer, campus, username);
      await blocks.insert(db.kysely, found.viewer.id, found.student.id, now());
      changed(campus.id, [found.viewer.id, found.student.id]);
      return { blocked: true, message: M.blocked(found.student.username) };
    },

    async unblock(viewer: UserRow | null, campus: Campus, username: string): Promise<BlockResult> {
      const found = await target(viewer, campus, username);
      await blocks.remove(db.kysely, found.viewer.id, found.student.id);
      changed(campus.id, [found.viewer.id, found.student.id]);
      return { blocked: false, message: M.unblocked(found.student.username) };
    },

    async list(viewer: UserRow | null, campus: Campus): Promise<BlockList> {
      campusPolicy.canRead(viewer, campus);
      const rows = await blocks.list(db.kysely, viewer.id);
      return {
        items: rows.map((r) => ({ ...presentAuthor(r, storage), blockedAt: Number(r.created_at) })),
      };
    },

    hidden: async (userId: string): Promise<Set<string>> =>
      new Set(await blocks.either(db.kysely, userId)),

    between: (a: string, b: string): Promise<boolean> => blocks.between(db.kysely, a, b),

    async requireReachable(fromId: string, toId: string, message: string): Promise<void> {
      if (fromId !== toId && (await blocks.between(db.kysely, fromId, toId)))
        throw forbidden('blocked', message);
    },

    unreachable: async (
      executor: Executor,
      fromId: string,
      toIds: string[],
    ): Promise<Set<string>> => new Set(await blocks.across(executor, fromId, toIds)),

    namedAcross: (userId: string, campusId: string, usernames: string[]): Promise<boolean> =>
      blocks.namedAcross(db.kysely, userId, campusId, usernames),

    blocked: (blockerId: string, blockedId: string): Promise<boolean> =>
      blocks.blocked(db.kysely, blockerId, blockedId),
  };
}

/** What other modules read of blocks. */
export type BlockReader = Pick<
  BlocksService,
  'hidden' | 'between' | 'blocked' | 'namedAcross' | 'requireReachable' | 'unreachable'
>;
