import { type ComponentType, type SVGProps, useId } from 'react';
import { MESSAGES } from '@common/messages';
import { useAlert } from '../ui/Alerts';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Dialog';
import { ChatIcon, CopyIcon, MailIcon } from '../ui/Icons';
import { ShareToChat } from '../messaging/ShareToChat';
import { copyText } from '../../lib/clipboard';
import { useViewer } from '../../lib/session';
import styles from './ShareDialog.module.css';

type SvgProps = SVGProps<SVGSVGElement>;
const stroke = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: 'false',
} as const;
const FacebookIcon = (p: SvgProps) => (
  <svg {...stroke} {...p}>
    <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
  </svg>
);
const XIcon = (p: SvgProps) => (
  <svg {...stroke} {...p}>
    <path d="M4 4h4.5L20 20h-4.5z" />
    <path d="m4 20 6.8-7.2M20 4l-6.6 7" />
  </svg>
);
const WhatsAppIcon = (p: SvgProps) => (
  <svg {...stroke} {...p}>
    <path d="M3 21l1.6-4.7A9 9 0 1 1 7.8 19.6z" />
    <path d="M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 .8a4 4 0 0 1-1.8-1.8l.8-1-1-2z" />
  </svg>
);

interface ShareTarget {
  label: string;
  name: string;
  href: string;
  Icon: ComponentType<SvgProps>;
  newTab: boolean;
}

function shareTargets(url: string, text: string): ShareTarget[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    {
      label: 'Email',
      name: 'Share by e-mail',
      href: `mailto:?subject=${t}&body=${encodeURIComponent(`${text}\n${url}`)}`,
      Icon: MailIcon,
      newTab: false,
    },
    {
      label: 'Facebook',
      name: 'Share on Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      Icon: FacebookIcon,
      newTab: true,
    },
    {
      label: 'X',
      name: 'Share on X',
      href: `https://x.com/intent/post?url=${u}&text=${t}`,
      Icon: XIcon,
      newTab: true,
    },
    {
      label: 'WhatsApp',
      name: 'Share on WhatsApp',
      href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
      Icon: WhatsAppIcon,
      newTab: true,
    },
    {
      label: 'Text',
      name: 'Share by text message',
      href: `sms:?&body=${encodeURIComponent(`${text} ${url}`)}`,
      Icon: ChatIcon,
      newTab: false,
    },
  ];
}

export interface ShareDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  /** The link to share. */
  url: string;
  /** The sentence that goes with the link in e-mails and posts. */
  text: string;
  /** A post's id: school-verified students may also send it into a chat. */
  postId?: string;
}

/**
 * The share modal of the shell: e-mail and social links plus a copy-link
 * field, and for a post "Send in a message".
 */
export function ShareDialog({
  open,
  onOpenChange,
  title,
  description,
  url,
  text,
  postId,
}: ShareDialogProps) {
  const alert = useAlert();
  const viewer = useViewer();
  const fieldId = useId();
  const handleCopy = async () => {
    const copied = await copyText(url);
    alert(
      copied
        ? { msg: MESSAGES.linkCopied, alertType: 'success' }
        : { msg: MESSAGES.somethingWentWrong, alertType: 'danger' },
    );
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {postId && viewer?.schoolVerified ? (
        <ShareToChat postId={postId} onSent={() => onOpenChange(false)} />
      ) : null}
      <ul className={styles.targets}>
        {shareTargets(url, text).map((target) => (
          <li key={target.label}>
            <a
              className={styles.target}
              href={target.href}
              aria-label={target.name}
              {...(target.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              <span className={styles.targetIcon}>
                <target.Icon width={22} height={22} />
              </span>
              <span className={styles.targetLabel} aria-hidden="true">
                {target.label}
              </span>
            </a>
          </li>
        ))}
      </ul>
      <label className={styles.label} htmlFor={fieldId}>
        Link
      </label>
      <div className={styles.copy}>
        <input
          id={fieldId}
          className={styles.input}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button size="sm" onClick={handleCopy}>
          <CopyIcon width={16} height={16} />
          Copy
        </Button>
      </div>
    </Modal>
  );
}
