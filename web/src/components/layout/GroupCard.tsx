import { MESSAGES } from '@common/messages';
import { ButtonLink } from '../ui/Button';
import { CampusLogo } from '../ui/CampusLogo';
import { LockIcon, MapPinIcon } from '../ui/Icons';
import { useCampus } from '../../lib/campus';

/** The campus group card of the sidebar: name, members, city, and Join Group for visitors. */
export function GroupCard() {
  const campus = useCampus();
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
        <ButtonLink to="/user_registration" block>
          {MESSAGES.joinGroup}
        </ButtonLink>
      </div>
    </section>
  );
}
