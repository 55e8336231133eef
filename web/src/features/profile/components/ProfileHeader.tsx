import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { format } from 'date-fns';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@common/messages';
import type { ProfileDto } from '@common/schemas/profiles';
import { PROFILE_MESSAGES as M } from '@common/words/profiles';
import { SendMessageButton } from '../../../components/messaging/SendMessageButton';
import { authorName } from '../../../components/posts/PostParts';
import { useAlert } from '../../../components/ui/Alerts';
import { Avatar } from '../../../components/ui/Avatar';
import { ButtonLink } from '../../../components/ui/Button';
import { Verified } from '../../../components/ui/VerifiedBadge';
import {
  AlertIcon,
  ClockIcon,
  CopyIcon,
  MapPinIcon,
  MoreIcon,
  StoreIcon,
  UserCircleIcon,
} from '../../../components/ui/Icons';
import { copyText } from '../../../lib/clipboard';
import { useViewer } from '../../../lib/session';
import { BlockMenuItem, useBlockToggle } from '../../../components/blocks/BlockControl';
import { useGatedOffer } from '../../../components/gates/use-gate';
import { ReportDialog } from '../../../components/reports/ReportDialog';
import styles from './ProfilePage.module.css';

/**
 * Photo, "Jane D.", @username, bio, campus, member since, listings, and the
 * actions the profile's `can` offers the viewer (ADR 044): Edit and Set up
 * on their own, Send Message on another's; Copy link, Claim this account
 * (unverified profiles), Report and Block or Unblock (ADR 024) in the more-menu.
 */
export function ProfileHeader({
  profile,
  schoolName,
  messageAtOnce,
}: {
  profile: ProfileDto;
  schoolName: string;
  messageAtOnce: boolean;
}) {
  const alert = useAlert();
  const navigate = useNavigate();
  const offered = useGatedOffer();
  const viewer = useViewer();
  const { can } = profile;
  const [reporting, setReporting] = useState(false);
  const blocking = useBlockToggle(profile.username, can.block);
  const name = authorName(profile);

  const handleCopy = async () => {
    const url = `${window.location.origin}/${profile.username}`;
    if (await copyText(url)) alert({ msg: MESSAGES.linkCopied, alertType: 'success' });
  };

  return (
    <section className={`card ${styles.header}`} aria-labelledby="profile-name">
      <div className={styles.top}>
        <Avatar person={profile} size={96} />
        <div className={styles.actions}>
          {can.edit ? (
            <>
              {profile.profileSetUp ? null : (
                <ButtonLink to="/profile/set-up" size="sm">
                  {M.setUpProfile}
                </ButtonLink>
              )}
              <ButtonLink to="/profile/edit" size="sm" variant="secondary">
                {M.editProfile}
              </ButtonLink>
            </>
          ) : offered(can.message) ? (
            <SendMessageButton
              to={profile}
              className={`btn btn--primary btn--sm ${styles.message}`}
              openAtOnce={messageAtOnce}
            />
          ) : null}
          <Dropdown.Root>
            <Dropdown.Trigger className={`icon-button ${styles.more}`} aria-label={M.moreActions}>
              <MoreIcon width={20} height={20} aria-hidden="true" />
            </Dropdown.Trigger>
            <Dropdown.Portal>
              <Dropdown.Content className="menu" align="end" sideOffset={6}>
                <Dropdown.Item className="menu__item" onSelect={() => void handleCopy()}>
                  <CopyIcon width={18} height={18} aria-hidden="true" />
                  {M.copyLink}
                </Dropdown.Item>
                {profile.verified || viewer ? null : (
                  // Claiming is signing in as the account (/login, then /login/sent?email=,
                  // the e-mail being what profiles never show): a guest's step only. A
                  // signed-in student would be sent back from /login (ADR 050).
                  <Dropdown.Item className="menu__item" onSelect={() => navigate('/login')}>
                    <UserCircleIcon width={18} height={18} aria-hidden="true" />
                    {M.claimAccount}
                  </Dropdown.Item>
                )}
                {can.report ? (
                  <Dropdown.Item className="menu__item" onSelect={() => setReporting(true)}>
                    <AlertIcon width={18} height={18} aria-hidden="true" />
                    {M.report}
                  </Dropdown.Item>
                ) : null}
                {can.block ? (
                  <BlockMenuItem blocked={blocking.blocked} onSelect={blocking.select} />
                ) : null}
              </Dropdown.Content>
            </Dropdown.Portal>
          </Dropdown.Root>
        </div>
      </div>
      <div className={styles.identity}>
        <h2 className={styles.name}>
          {/* The region is named by the name alone; the badge follows it in the heading (ADR 049). */}
          <span id="profile-name">{name}</span>
          <Verified verified={profile.schoolVerified} />
        </h2>
        <p className={styles.username}>@{profile.username}</p>
      </div>
      {profile.bio ? <p className={styles.bio}>{profile.bio}</p> : null}
      <ul className={styles.facts}>
        <li>
          <MapPinIcon width={16} height={16} aria-hidden="true" />
          {schoolName}
        </li>
        <li>
          <ClockIcon width={16} height={16} aria-hidden="true" />
          {M.memberSince(format(profile.createdAt, 'MMMM yyyy'))}
        </li>
        <li>
          <StoreIcon width={16} height={16} aria-hidden="true" />
          {M.listings(profile.postCount)}
        </li>
      </ul>
      {can.report ? (
        <ReportDialog
          reported={{ username: profile.username }}
          title={M.reportTitle(name)}
          description={M.reportText}
          open={reporting}
          onOpenChange={setReporting}
        />
      ) : null}
      {can.block ? blocking.dialog : null}
    </section>
  );
}
