import { InstagramIcon, MailIcon } from '../ui/Icons';
import { useCampus } from '../../lib/campus';

/** Where to reach the campus team: support e-mail and Instagram. */
export function ContactCard() {
  const campus = useCampus();
  return (
    <section className="card contact-card" aria-labelledby="contact-card-title">
      <h2 id="contact-card-title" className="card__title">
        Contact
      </h2>
      <a className="contact-card__row" href={`mailto:${campus.supportEmail}`}>
        <MailIcon width={18} height={18} />
        {campus.supportEmail}
      </a>
      <a
        className="contact-card__row"
        href={`https://www.instagram.com/${campus.instagram}/`}
        target="_blank"
        rel="noreferrer noopener"
      >
        <InstagramIcon width={18} height={18} />@{campus.instagram}
      </a>
    </section>
  );
}
