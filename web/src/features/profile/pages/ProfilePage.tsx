import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { MESSAGES } from '@common/messages';
import { profileTabOf } from '@common/schemas/profiles';
import { PROFILE_MESSAGES as M } from '@common/words/profiles';
import { USERNAME_PATTERN } from '@common/text';
import { PrivateCommunity } from '../../../components/PrivateCommunity';
import { PageHeader } from '../../../components/layout/PageHeader';
import { authorName } from '../../../components/posts/PostParts';
import { ButtonLink } from '../../../components/ui/Button';
import { CampusLogo } from '../../../components/ui/CampusLogo';
import { Skeleton } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { useCampus } from '../../../lib/campus';
import { useCampusById } from '../../../lib/campuses';
import { useSession } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { useProfileReviews } from '../api/get-profile-reviews';
import { ProfileHeader } from '../components/ProfileHeader';
import { ProfileReviews } from '../components/ProfileReviews';
import { ProfileTabNav, ProfileTabPanel } from '../components/ProfileTabs';
import styles from '../components/ProfilePage.module.css';

/**
 * /{username}: anyone's profile. A name no account can have is not found for
 * everyone, with no lookup, as the server's page answers (ADR 038); a guest
 * asking for a possible name gets the private screen whether it exists or
 * not, so outsiders cannot learn who studies here (ADR 038, 050).
 */
export function ProfilePage() {
  const { username = '' } = useParams();
  if (!USERNAME_PATTERN.test(username.toLowerCase())) return <MissingProfile />;
  return <Profile username={username} path={`/${username}`} />;
}

/** /profile: the viewer's own profile; signed-out visitors go to /login. */
export function OwnProfilePage() {
  const { viewer, loading } = useSession();
  if (loading) return <ProfileSkeleton />;
  if (!viewer) return <Navigate to="/login" replace />;
  return <Profile username={viewer.username} path="/profile" />;
}

function Profile({ username, path }: { username: string; path: string }) {
  const campus = useCampus();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = profileTabOf(params.get('show'));
  const profile = useProfile(username);
  const { viewer } = useSession();
  // Asked for beside the profile and shown with it, so the Reviews card never pushes the page
  // down (ADR 061); a guest sees no profile, so nothing is asked for them.
  const reviews = useProfileReviews(viewer ? username : '');
  const data = profile.data;
  const messageAtOnce = params.get('redirect') === 'true';
  const [allReviews, setAllReviews] = useState(false);
  // The student's campus, from the server: it may be one added after this build (ADR 057).
  const home = useCampusById(data?.campusId);

  // An old username (renamed within 30 days) answers with the new one: show it in the address.
  useEffect(() => {
    if (data && path !== '/profile' && data.username !== username) {
      navigate(
        { pathname: `/${data.username}`, search: window.location.search },
        { replace: true },
      );
    }
  }, [data, username, path, navigate]);

  // ?redirect=true opens "Start Conversation?" once; it is not kept for a reload. Taken off
  // only once the header that opens it is shown, after the reviews too.
  const shown = Boolean(data) && !reviews.isLoading;
  useEffect(() => {
    if (!shown || !messageAtOnce) return;
    setParams(
      (p) => {
        p.delete('redirect');
        return p;
      },
      { replace: true },
    );
  }, [shown, messageAtOnce, setParams]);

  if (profile.isPending || (profile.data && reviews.isLoading)) return <ProfileSkeleton />;
  if (profile.error) {
    const status = profile.error instanceof ApiError ? profile.error.status : 0;
    if (status === 404) return <MissingProfile />;
    if (status === 401 || status === 403) return <PrivateCommunity />;
    return (
      <section className="card empty-state" role="alert">
        <h1 className="empty-state__title">{MESSAGES.somethingWentWrong}</h1>
        <p className="empty-state__text">{profile.error.message}</p>
      </section>
    );
  }
  const school = home?.schoolName ?? campus.schoolName;

  return (
    <div className={styles.page}>
      <PageHeader title={authorName(profile.data)} />
      <ProfileHeader
        profile={profile.data}
        schoolName={school}
        messageAtOnce={messageAtOnce && !profile.data.can.edit}
      />
      <ProfileReviews
        username={username}
        firstName={profile.data.firstName}
        expanded={allReviews}
        onExpand={() => setAllReviews(true)}
      />
      <ProfileTabNav tab={tab} path={path} />
      <ProfileTabPanel key={tab} username={profile.data.username} tab={tab} />
    </div>
  );
}

/** The header's shape in grey while the profile loads: nothing jumps when it arrives. */
function ProfileSkeleton() {
  return (
    <div className={styles.page} aria-busy="true" aria-label="Loading profile">
      <div className="page-header" />
      <section className={`card ${styles.header}`}>
        <Skeleton width={96} height={96} radius={999} />
        <Skeleton width="40%" height={22} />
        <Skeleton width="25%" height={16} />
        <Skeleton width="70%" height={16} />
      </section>
    </div>
  );
}

/** Unknown username, or another campus's student. */
function MissingProfile() {
  const campus = useCampus();
  return (
    <section className="card empty-state" aria-labelledby="missing-profile-title">
      <CampusLogo campus={campus} size={72} />
      <h1 id="missing-profile-title" className="empty-state__title">
        {M.notFoundTitle}
      </h1>
      <p className="empty-state__text">{M.notFoundHint}</p>
      <ButtonLink to="/search" size="lg">
        {MESSAGES.posts.search}
      </ButtonLink>
    </section>
  );
}
