import { useState } from 'react';
import { MESSAGES } from '@common/messages';
import { isProfilePhotoFile } from '@common/schemas/profiles';
import { PROFILE_MESSAGES } from '@common/words/profiles';
import { useAlert } from '../../../components/ui/Alerts';
import { ApiError } from '../../../lib/api';
import { uploadWithProgress } from '../../../lib/upload';
import { type ProfileUpdated, useApplyProfileChange } from './update-profile';

/**
 * PUT /api/me/avatar with its progress (0…1) for the blocking dialog.
 * Files other than jpeg, jpg, png or gif are refused here
 * with "Only photos are allowed!"; the server checks the bytes again.
 */
export function useUploadAvatar() {
  const alert = useAlert();
  const apply = useApplyProfileChange();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File): Promise<boolean> => {
    if (!isProfilePhotoFile(file)) {
      alert({ msg: PROFILE_MESSAGES.onlyPhotos, alertType: 'danger' });
      return false;
    }
    setProgress(0);
    try {
      const result = await uploadWithProgress<ProfileUpdated>(
        'PUT',
        '/api/me/avatar',
        file,
        (loaded) => setProgress(file.size ? loaded / file.size : 1),
      );
      apply(result);
      alert({ msg: result.message, alertType: 'success' });
      return true;
    } catch (error) {
      alert({
        msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      });
      return false;
    } finally {
      setProgress(null);
    }
  };

  return { upload, uploading: progress !== null, progress: progress ?? 0 };
}
