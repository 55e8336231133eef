import { MESSAGES } from '@common/messages';
import { useAlert } from '../ui/Alerts';
import { CopyIcon, InstagramIcon, MailIcon } from '../ui/Icons';
import { useCampus } from '../../lib/campus';
import { copyText } from '../../lib/clipboard';

/** Where to reach the campus team: support e-mail (with a copy button) and Instagram. */
export function ContactCard() {
  const campus = useCampus();
  const alert = useAlert();
  const handleCopy = async () => {
    const copied = await copyText(campus.supportEmail);
    alert(
      copied
        ? { msg: MESSAGES.copiedToClipboard, alertType: 'success' }
        : { msg: MESSAGES.somethingWentWrong, alertType: 'danger' },
    );
  };
  return (
    <section className="card contact-card" aria-labelledby="contact-card-title">
      <h2 id="contact-card-title" className="card__title">
        Contact
      </h2>
      <div className="contact-card__line">
        <a className="contact-card__row" href={`mailto:${campus.supportEmail}`}>
          <MailIcon width={18} height={18} />
          {campus.supportEmail}
        </a>
        <button
          type="button"
          className="icon-button contact-card__copy"
          aria-label="Copy support e-mail"
          onClick={handleCopy}
        >
          <CopyIcon width={16} height={16} />
        </button>
      </div>
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
