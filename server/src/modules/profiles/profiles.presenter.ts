import { isCampusId } from '@common/campuses';
import type { ProfileDto } from '@common/schemas/profiles';
import type { UserRow } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';
import { presentAuthor } from '../users/users.presenter';

/** A profile as others see it: "Jane D.", no e-mail, phone, gender or birth date (DESIGN §11). */
export function presentProfile(user: UserRow, storage: BlobStore): ProfileDto {
  const author = presentAuthor(user, storage);
  return {
    id: author.id,
    username: author.username,
    firstName: author.firstName,
    lastInitial: author.lastInitial,
    avatarUrl: author.avatarUrl,
    bio: user.bio,
    campusId: isCampusId(user.campus_id) ? user.campus_id : 'ou',
    verified: Boolean(user.verified),
    schoolVerified: Boolean(user.school_verified),
    profileSetUp: Boolean(user.profile_set_up),
    createdAt: user.created_at,
    postCount: user.total_posts,
  };
}
