import { useState } from 'react';
import { Navigate } from 'react-router';
import { MESSAGES } from '@common/messages';
import { PROFILE_MESSAGES as M } from '@common/words/profiles';
import { useAlert } from '../../../components/ui/Alerts';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { CheckIcon } from '../../../components/ui/Icons';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { BioField } from '../components/BioField';
import { PhotoPicker } from '../components/PhotoPicker';
import styles from './SetUpProfilePage.module.css';

type Step = 'picture' | 'bio' | 'done';
const STEPS: Step[] = ['picture', 'bio', 'done'];

/**
 * /profile/set-up: "Pick a profile
 * picture" → "Describe yourself" → "Your profile is updated" with See profile.
 * The end marks the profile set up (PATCH /api/me profileSetUp). Signed-in only.
 */
export function SetUpProfilePage() {
  const { viewer, loading } = useSession();
  const profile = useProfile(viewer?.username ?? '');
  const update = useUpdateProfile();
  const alert = useAlert();
  const [step, setStep] = useState<Step>('picture');
  const [bio, setBio] = useState<string | null>(null);
  if (loading) return <Spinner />;
  if (!viewer) return <Navigate to="/login" replace />;
  const shownBio = bio ?? profile.data?.bio ?? '';

  const finish = (withBio: boolean) =>
    update.mutate(withBio ? { bio: shownBio, profileSetUp: true } : { profileSetUp: true }, {
      onSuccess: () => setStep('done'),
      onError: (error) =>
        alert({
          msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
          alertType: 'danger',
        }),
    });

  const index = STEPS.indexOf(step);
  return (
    <section className={`card ${styles.wizard}`} aria-labelledby="set-up-title">
      <ol className={styles.dots} aria-label={M.setUpProfile}>
        {STEPS.map((s, i) => (
          <li
            key={s}
            className={i <= index ? styles.dotOn : styles.dot}
            aria-current={i === index ? 'step' : undefined}
          >
            <span className="visually-hidden">{`Step ${i + 1} of ${STEPS.length}`}</span>
          </li>
        ))}
      </ol>
      {step === 'picture' ? (
        <>
          <h1 id="set-up-title" className={styles.title}>
            {M.pickPicture}
          </h1>
          <PhotoPicker viewer={viewer} size={128} />
          <div className={styles.actions}>
            {viewer.avatarUrl ? (
              <Button size="lg" block onClick={() => setStep('bio')}>
                {M.next}
              </Button>
            ) : (
              <Button size="lg" block variant="secondary" onClick={() => setStep('bio')}>
                {M.skipForNow}
              </Button>
            )}
          </div>
        </>
      ) : step === 'bio' ? (
        <>
          <h1 id="set-up-title" className={styles.title}>
            {M.describeYourself}
          </h1>
          <div className={styles.body}>
            <BioField value={shownBio} onChange={setBio} />
          </div>
          <div className={styles.actions}>
            {shownBio.trim() ? (
              <Button size="lg" block disabled={update.isPending} onClick={() => finish(true)}>
                {M.next}
              </Button>
            ) : (
              <Button
                size="lg"
                block
                variant="secondary"
                disabled={update.isPending}
                onClick={() => finish(false)}
              >
                {M.skipForNow}
              </Button>
            )}
          </div>
        </>
      ) : (
        <>
          <span className={styles.check} aria-hidden="true">
            <CheckIcon width={36} height={36} />
          </span>
          <h1 id="set-up-title" className={styles.title}>
            {M.profileIsUpdated}
          </h1>
          <div className={styles.actions}>
            <ButtonLink to={`/${viewer.username}`} size="lg" block>
              {M.seeProfile}
            </ButtonLink>
          </div>
        </>
      )}
    </section>
  );
}
