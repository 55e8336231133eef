import type { Viewer } from '@common/schemas/auth';
import type { AuthorDto } from '@common/schemas/posts';
import type { UserRow } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';

/** The signed-in user as the web app sees them: no hashes, counters or payment ids. */
export function presentViewer(user: UserRow, storage: BlobStore): Viewer {
  return {
    id: user.id,
    campusId: user.campus_id,
    email: user.email,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    verified: Boolean(user.verified),
    schoolVerified: Boolean(user.school_verified),
    schoolEmail: user.school_email,
    avatarUrl: user.avatar_key ? storage.url(user.avatar_key) : null,
    profileSetUp: Boolean(user.profile_set_up),
    hasPassword: user.password_hash !== null,
    phone: user.phone,
    gender: user.gender,
    birthDate:
      user.birth_year !== null && user.birth_month !== null && user.birth_day !== null
        ? { year: user.birth_year, month: user.birth_month, day: user.birth_day }
        : null,
    emailNotifications: Boolean(user.email_notifications),
    createdAt: user.created_at,
  };
}

/** The columns of a user that an author line needs. */
export interface AuthorColumns {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_key: string | null;
  /** The badge beside the name: school-verified, not the account e-mail (ADR 049). */
  school_verified: boolean | number;
}

/**
 * A student as others see them in feeds, threads and lists: "Jane D.", first
 * name and last initial.
 */
export function presentAuthor(user: AuthorColumns, storage: BlobStore): AuthorDto {
  return {
    id: user.id,
    username: user.username,
    firstName: user.first_name,
    lastInitial: user.last_name ? `${[...user.last_name][0]!.toUpperCase()}.` : '',
    avatarUrl: user.avatar_key ? storage.url(user.avatar_key) : null,
    verified: Boolean(user.school_verified),
  };
}
