import { MESSAGES } from '@common/messages';
import { ButtonLink } from '../../../components/ui/Button';
import { CampusLogo } from '../../../components/ui/CampusLogo';
import { useCampus } from '../../../lib/campus';

/** Any path the app does not know. */
export function NotFoundPage() {
  const campus = useCampus();
  return (
    <section className="card empty-state" aria-labelledby="not-found-title">
      <CampusLogo campus={campus} size={72} />
      <h1 id="not-found-title" className="empty-state__title">
        {MESSAGES.notFoundTitle}
      </h1>
      <p className="empty-state__text">{MESSAGES.notFoundHint}</p>
      <ButtonLink to="/home" size="lg">
        {MESSAGES.goToFeed}
      </ButtonLink>
    </section>
  );
}

/** /404: also where visitors outside the US are sent. */
export function Error404Page() {
  const campus = useCampus();
  return (
    <section className="card empty-state" aria-labelledby="error-404-title">
      <CampusLogo campus={campus} size={72} />
      <h1 id="error-404-title" className="empty-state__title">
        {MESSAGES.error404}
      </h1>
      <p className="empty-state__text">{MESSAGES.notFoundTitle}</p>
      <ButtonLink to="/home" size="lg" variant="secondary">
        {MESSAGES.goToFeed}
      </ButtonLink>
    </section>
  );
}
