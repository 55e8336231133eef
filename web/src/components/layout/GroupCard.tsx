import { useState } from 'react';
import { MESSAGES } from '@common/messages';
import { Button, ButtonLink } from '../ui/Button';
import { CampusLogo } from '../ui/CampusLogo';
import { LockIcon, MapPinIcon, ShareIcon } from '../ui/Icons';
import { isGenericCampus, useCampus } from '../../lib/campus';
import { useIdleImport } from '../../lib/use-idle-import';
import { useViewer } from '../../lib/session';

// The share dialog's code comes after the first paint.
const loadShareDialog = () => import('../gates/ShareDialog');

/**
 * The campus group card of the sidebar: name, members,
 * city, and Join Group for visitors or Share Group for signed-in users.
 */
export function GroupCard() {
  const campus = useCampus();
  const viewer = useViewer();
  const [sharing, setSharing] = useState(false);
  const [share, loadShareNow] = useIdleImport(loadShareDialog);
  const generic = isGenericCampus(campus);
  const invite = generic
    ? `Find your school's buy and sell group on ${campus.productName}.`
    : `Join ${campus.productName}, the buy and sell group of ${campus.name} students.`;
  const shareHint = generic
    ? `Invite friends to find their school on ${campus.productName}.`
    : `Invite ${campus.name} friends to ${campus.productName}.`;
  return (
    <section className="card group-card" aria-labelledby="group-card-title">
      <div className="group-card__cover" aria-hidden="true" />
      <div className="group-card__body">
        <CampusLogo campus={campus} size={56} />
        <h2 id="group-card-title" className="group-card__title">
          {campus.productName}
        </h2>
        <p className="group-card__meta">
          <LockIcon width={14} height={14} /> Private group · {MESSAGES.groupMembers}
        </p>
        <p className="group-card__meta">
          <MapPinIcon width={14} height={14} /> {campus.city}
        </p>
        {viewer ? (
          <>
            <Button
              variant="secondary"
              block
              onClick={() => {
                setSharing(true);
                loadShareNow();
              }}
            >
              <ShareIcon width={18} height={18} />
              {MESSAGES.shareGroup}
            </Button>
            {share ? (
              <share.ShareDialog
                open={sharing}
                onOpenChange={setSharing}
                title={MESSAGES.shareGroup}
                description={shareHint}
                url={campus.url}
                text={invite}
              />
            ) : null}
          </>
        ) : (
          <ButtonLink to="/user_registration" block>
            {MESSAGES.joinGroup}
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
