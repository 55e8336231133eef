import { useId, useRef } from 'react';
import type { Viewer } from '@common/schemas/auth';
import { ACCEPT_PROFILE_PHOTO } from '@common/schemas/profiles';
import { PROFILE_MESSAGES as M } from '@common/words/profiles';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { ProgressDialog } from '../../../components/ui/Dialog';
import { useUploadAvatar } from '../api/upload-avatar';
import styles from './ProfileForm.module.css';

/**
 * The viewer's photo with a button to change it: png, gif or jpeg only, sent
 * behind the blocking progress dialog.
 */
export function PhotoPicker({ viewer, size = 112 }: { viewer: Viewer; size?: number }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { upload, uploading, progress } = useUploadAvatar();
  const handleFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (file) void upload(file);
  };
  return (
    <div className={styles.photo}>
      <Avatar person={viewer} size={size} />
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT_PROFILE_PHOTO}
        className={styles.fileInput}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => handleFile(e.target.files?.[0])}
      />
      <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
        {viewer.avatarUrl ? M.changePhoto : M.addPhoto}
      </Button>
      <ProgressDialog open={uploading} title={M.uploadingPhoto} progress={progress} />
    </div>
  );
}
