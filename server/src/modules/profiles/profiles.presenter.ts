import type { Campus } from '@common/campuses';
import type { ProfileDto } from '@common/schemas/profiles';
import { profileCan } from '../../core/policies/people';
import type { PostViewer } from '../../core/policies/post';
import type { UserRow } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';
import { presentAuthor } from '../users/users.presenter';

/**
 * A profile as others see it: "Jane D.", no e-mail, phone, gender or birth
 * date; with what `viewer` may do with it (the people policy).
 */
export function presentProfile(
  user: UserRow,
  storage: BlobStore,
  viewer: PostViewer | null = null,
): ProfileDto {
  const campusId = user.campus_id;
  const schoolVerified = Boolean(user.school_verified);
  const author = presentAuthor(user, storage);
  return {
    id: author.id,
    username: author.username,
    firstName: author.firstName,
    lastInitial: author.lastInitial,
    avatarUrl: author.avatarUrl,
    bio: user.bio,
    campusId,
    verified: Boolean(user.verified),
    schoolVerified: Boolean(user.school_verified),
    profileSetUp: Boolean(user.profile_set_up),
    createdAt: user.created_at,
    postCount: user.total_posts,
    can: profileCan(viewer, { id: user.id, campusId: user.campus_id, schoolVerified }),
  };
}

export interface ProfilePreview {
  title: string;
  description: string;
  image: string | null;
}

/** A shared profile link's Open Graph preview: "Jane D. · OU Buy / Sell", the bio, the photo. */
export function presentPreview(user: UserRow, campus: Campus, storage: BlobStore): ProfilePreview {
  const dto = presentProfile(user, storage);
  const name = [dto.firstName, dto.lastInitial].filter(Boolean).join(' ');
  const bio = dto.bio.replace(/\s+/g, ' ').trim();
  return {
    title: `${name} · ${campus.productName}`,
    description: bio || `@${dto.username} on ${campus.productName}`,
    image: dto.avatarUrl,
  };
}
