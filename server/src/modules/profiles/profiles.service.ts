import type { Campus } from '@common/campuses';
import type { Viewer } from '@common/schemas/auth';
import {
  PROFILE_MESSAGES as M,
  type ProfileDto,
  type ProfileTab,
  type UpdateProfileBody,
} from '@common/schemas/profiles';
import { v7 as uuidv7 } from 'uuid';
import { badRequest, notFound } from '../../core/errors';
import * as campusPolicy from '../../core/policies/campus';
import { postViewer } from '../../core/policies/post';
import { requireSignedIn } from '../../core/policies/roles';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { processAvatar } from '../../platform/images/avatar';
import type { BlobStore } from '../../platform/storage/blob-store';
import { asClientFault } from '../media/media.service';
import type { BlocksService } from '../blocks/blocks.service';
import { factChange, type PostsService } from '../posts/posts.service';
import { presentViewer } from '../users/users.presenter';
import { type ProfilePreview, presentPreview, presentProfile } from './profiles.presenter';
import { profilesRepository as profiles } from './profiles.repository';

export interface ProfilesServiceDeps {
  db: Db;
  storage: BlobStore;
  posts: Pick<PostsService, 'profileTab' | 'changed'>;
  /** Whether the student blocked the viewer, or a block stands either way (modules/blocks, ADR 024). */
  blocks: Pick<BlocksService, 'blocked' | 'between'>;
  now?: () => number;
  log?: (error: unknown) => void;
}

/** Profiles, their tabs, edits, photos and reports. */
export interface ProfilesService {
  /** A student's profile as a reader of the campus sees it; missing across a block (ADR 038). */
  profile(viewer: UserRow | null, campus: Campus, username: string): Promise<ProfileDto>;
  /** One page of a tab as JSON (profilePostListSchema). */
  tab(
    viewer: UserRow | null,
    campus: Campus,
    username: string,
    query: { tab: ProfileTab; cursor?: string },
  ): Promise<Buffer>;
  /** Display name, bio, or the set-up wizard's end: "Profile Updated". */
  update(viewer: UserRow | null, body: UpdateProfileBody): Promise<Viewer>;
  /**
   * A new profile photo (jpeg, jpg, png or gif: "Only photos are allowed!"),
   * square, without metadata. The old file goes after the commit.
   */
  avatar(viewer: UserRow | null, read: () => Promise<Buffer | undefined>): Promise<Viewer>;
  /**
   * A shared /{username} link's Open Graph preview for a reader of the campus;
   * null for nobody, another campus's student, or one who blocked the viewer
   * (ADR 038: then they are missing to them, as in the API).
   */
  preview(viewer: UserRow, campus: Campus, username: string): Promise<ProfilePreview | null>;
  /** "User Reported. Thanks for letting us know.": stored once per reporter and student. */
  report(
    viewer: UserRow | null,
    campus: Campus,
    username: string,
    reason: string,
  ): Promise<{ message: string }>;
}

/** Builds the ProfilesService. */
export function createProfilesService({
  db,
  storage,
  posts,
  blocks,
  now = Date.now,
  log = () => undefined,
}: ProfilesServiceDeps): ProfilesService {
  const find = (viewer: UserRow | null, campus: Campus, username: string) =>
    findStudent({ db, blocks, now }, viewer, campus, username);

  /** The viewer as they are now, after a change that every page showing them must see. */
  async function changed(viewer: UserRow): Promise<Viewer> {
    posts.changed(viewer.campus_id, factChange['student-profile']());
    const user = await profiles.findById(db.kysely, viewer.id);
    return presentViewer(user!, storage);
  }

  return {
    async profile(viewer: UserRow | null, campus: Campus, username: string): Promise<ProfileDto> {
      return profileFor({ storage, blocks }, await find(viewer, campus, username));
    },

    async tab(
      viewer: UserRow | null,
      campus: Campus,
      username: string,
      query: { tab: ProfileTab; cursor?: string },
    ): Promise<Buffer> {
      const found = await find(viewer, campus, username);
      return posts.profileTab(found.viewer, campus, found.user.id, query);
    },

    async update(viewer: UserRow | null, body: UpdateProfileBody): Promise<Viewer> {
      requireSignedIn(viewer);
      await profiles.update(
        db.kysely,
        viewer.id,
        {
          ...(body.firstName !== undefined ? { first_name: body.firstName } : {}),
          ...(body.lastName !== undefined ? { last_name: body.lastName } : {}),
          ...(body.bio !== undefined ? { bio: body.bio } : {}),
          ...(body.profileSetUp ? { profile_set_up: true } : {}),
        },
        now(),
      );
      return changed(viewer);
    },

    async avatar(viewer: UserRow | null, read: () => Promise<Buffer | undefined>): Promise<Viewer> {
      requireSignedIn(viewer);
      const input = await read().catch((error: unknown) => {
        throw asClientFault(error);
      });
      const image = input ? await processAvatar(input) : null;
      if (!image) throw badRequest('not_a_photo', M.onlyPhotos);
      const key = `avatars/${viewer.id}/${uuidv7()}.webp`;
      await storage.put(key, image, 'image/webp');
      let old: string | null;
      try {
        old = await profiles.setAvatar(db.kysely, viewer.id, key, now());
      } catch (error) {
        await storage.delete([key]).catch(log);
        throw error;
      }
      if (old) storage.delete([old]).catch(log);
      return changed(viewer);
    },

    preview: (viewer: UserRow, campus: Campus, username: string) =>
      preview({ db, storage, blocks }, now(), viewer, campus, username),

    async report(viewer: UserRow | null, campus: Campus, username: string, reason: string) {
      const found = await find(viewer, campus, username);
      if (found.user.id === found.viewer.id) throw badRequest('own_profile', M.notYourself);
      await profiles.report(db.kysely, {
        id: uuidv7(),
        reporterId: found.viewer.id,
        targetId: found.user.id,
        campusId: found.user.campus_id,
        reason,
        now: now(),
      });
      return { message: M.userReported };
    },
  };
}

/** The student's profile with what the viewer may do (a block either way: no message). */
async function profileFor(
  { storage, blocks }: Pick<ProfilesServiceDeps, 'storage' | 'blocks'>,
  { viewer, user }: { viewer: UserRow; user: UserRow },
): Promise<ProfileDto> {
  const hidden = new Set((await blocks.between(viewer.id, user.id)) ? [user.id] : []);
  return presentProfile(user, storage, postViewer(viewer, hidden));
}

/**
 * The campus's student by username; 404 for anyone else's or nobody's, and
 * for a student who blocked the viewer (ADR 024, as Instagram shows it).
 */
async function findStudent(
  { db, blocks, now }: Pick<ProfilesServiceDeps, 'db' | 'blocks'> & { now: () => number },
  viewer: UserRow | null,
  campus: Campus,
  username: string,
) {
  campusPolicy.canRead(viewer, campus);
  const user = await profiles.findByUsername(db.kysely, username, now());
  if (!user || user.campus_id !== campus.id || (await blocks.blocked(user.id, viewer.id)))
    throw notFound('not_found', M.notFoundTitle);
  return { viewer, user };
}

async function preview(
  { db, storage, blocks }: Pick<ProfilesServiceDeps, 'db' | 'storage' | 'blocks'>,
  now: number,
  viewer: UserRow,
  campus: Campus,
  username: string,
): Promise<ProfilePreview | null> {
  const user = await profiles.findByUsername(db.kysely, username, now);
  // The API's rule (findStudent): missing to a student they blocked; the blocker still sees them, to unblock.
  if (!user || user.campus_id !== campus.id || (await blocks.blocked(user.id, viewer.id)))
    return null;
  return presentPreview(user, campus, storage);
}
