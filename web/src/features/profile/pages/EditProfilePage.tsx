import { useState } from 'react';
import { Navigate } from 'react-router';
import { PROFILE_MESSAGES as M } from '@common/words/profiles';
import { PageHeader } from '../../../components/layout/PageHeader';
import { Button } from '../../../components/ui/Button';
import { Skeleton, Spinner } from '../../../components/ui/Spinner';
import { useSession } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { EditBioDialog, EditNameDialog } from '../components/EditDialogs';
import { PhotoPicker } from '../components/PhotoPicker';
import styles from './EditProfilePage.module.css';

/**
 * /profile/edit: the photo with its change
 * button, the display name and the bio, each changed in its own dialog.
 * Signed-out visitors go to /login.
 */
export function EditProfilePage() {
  const { viewer, loading } = useSession();
  const profile = useProfile(viewer?.username ?? '');
  const [editing, setEditing] = useState<'name' | 'bio' | null>(null);
  if (loading) return <Spinner />;
  if (!viewer) return <Navigate to="/login" replace />;
  const bio = profile.data?.bio;

  return (
    <div className={styles.page}>
      <PageHeader title={M.editProfile} fallback="/profile" />
      <section className={`card ${styles.card}`}>
        <PhotoPicker viewer={viewer} />
        <div className={styles.rows}>
          <div className={styles.row}>
            <dl className={styles.pair}>
              <dt className={styles.term}>{M.displayName}</dt>
              <dd className={styles.value}>{`${viewer.firstName} ${viewer.lastName}`.trim()}</dd>
            </dl>
            <Button
              variant="secondary"
              size="sm"
              aria-label={M.editDisplayName}
              onClick={() => setEditing('name')}
            >
              Edit
            </Button>
          </div>
          <div className={styles.row}>
            <dl className={styles.pair}>
              <dt className={styles.term}>{M.bio}</dt>
              <dd className={`${styles.value} ${bio ? '' : styles.muted}`}>
                {bio === undefined ? <Skeleton height={18} width="60%" /> : bio || M.noBio}
              </dd>
            </dl>
            <Button
              variant="secondary"
              size="sm"
              aria-label={M.editBio}
              disabled={bio === undefined}
              onClick={() => setEditing('bio')}
            >
              Edit
            </Button>
          </div>
        </div>
      </section>
      <EditNameDialog
        viewer={viewer}
        open={editing === 'name'}
        onOpenChange={(open) => setEditing(open ? 'name' : null)}
      />
      <EditBioDialog
        bio={bio ?? ''}
        open={editing === 'bio'}
        onOpenChange={(open) => setEditing(open ? 'bio' : null)}
      />
    </div>
  );
}
