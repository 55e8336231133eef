import { MESSAGES } from '@common/messages';
import { ButtonLink } from './ui/Button';
import { CampusLogo } from './ui/CampusLogo';
import { LockIcon } from './ui/Icons';
import { useCampus } from '../lib/campus';

/** What signed-out visitors see instead of a private campus's content (spec core §2). */
export function PrivateCommunity({ joinLabel = MESSAGES.joinGroup }: { joinLabel?: string }) {
  const campus = useCampus();
  return (
    <section className="card empty-state private-community" aria-labelledby="private-title">
      <div className="private-community__badge">
        <CampusLogo campus={campus} size={64} />
        <span className="private-community__lock" aria-hidden="true">
          <LockIcon width={18} height={18} />
        </span>
      </div>
      <h1 id="private-title" className="empty-state__title">
        {MESSAGES.privateCommunity}
      </h1>
      <p className="empty-state__text">
        {campus.productName} is where {campus.schoolName} students buy and sell with each other.
        Join with your school e-mail to see what's for sale.
      </p>
      <ButtonLink to="/user_registration" size="lg">
        {joinLabel}
      </ButtonLink>
    </section>
  );
}
