import { describe, expect, it } from 'vitest';
import {
  isProfilePhotoFile,
  PROFILE_MESSAGES,
  profileTabOf,
  updateProfileBodySchema,
} from './profiles';

describe('profile tabs', () => {
  it('reads ?show= as its tab, anything else as posts', () => {
    expect(profileTabOf('photos')).toBe('photos');
    expect(profileTabOf('likes')).toBe('likes');
    expect(profileTabOf('replies')).toBe('replies');
    expect(profileTabOf(null)).toBe('posts');
    expect(profileTabOf('')).toBe('posts');
    expect(profileTabOf('Photos')).toBe('posts');
    expect(profileTabOf('everything')).toBe('posts');
  });
});

describe('profile photos', () => {
  it('takes jpeg, jpg, png and gif only', () => {
    expect(isProfilePhotoFile({ name: 'me.png', type: 'image/png' })).toBe(true);
    expect(isProfilePhotoFile({ name: 'me.JPG', type: 'image/jpeg' })).toBe(true);
    expect(isProfilePhotoFile({ name: 'me.gif', type: 'image/gif' })).toBe(true);
    expect(isProfilePhotoFile({ name: 'me.webp', type: 'image/webp' })).toBe(false);
    expect(isProfilePhotoFile({ name: 'clip.mp4', type: 'video/mp4' })).toBe(false);
    expect(isProfilePhotoFile({ name: 'cv.pdf', type: 'application/pdf' })).toBe(false);
  });

  it('goes by the name when the browser gives no type', () => {
    expect(isProfilePhotoFile({ name: 'me.jpeg', type: '' })).toBe(true);
    expect(isProfilePhotoFile({ name: 'me.heic', type: '' })).toBe(false);
    expect(isProfilePhotoFile({ name: 'jpeg', type: '' })).toBe(false);
  });
});

describe('profile edits', () => {
  it('counts the bio against 160 and names against 20', () => {
    expect(PROFILE_MESSAGES.counter(42)).toBe('42 / 160');
    expect(updateProfileBodySchema.safeParse({ bio: 'x'.repeat(160) }).success).toBe(true);
    const long = updateProfileBodySchema.safeParse({ bio: 'x'.repeat(161) });
    expect(long.error?.issues[0]?.message).toBe(PROFILE_MESSAGES.bioTooLong);
    const name = updateProfileBodySchema.safeParse({ firstName: 'x'.repeat(21) });
    expect(name.error?.issues[0]?.message).toBe(PROFILE_MESSAGES.nameTooLong);
  });
});
