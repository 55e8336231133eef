import { format } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MessageDto } from '@common/schemas/chats';
import { REPORT_MESSAGES } from '@common/schemas/reports';
import { ReportDialog } from '../../../components/reports/ReportDialog';
import { HeartIcon, InfoIcon } from '../../../components/ui/Icons';
import type { PendingMessage } from '../api/use-pending-messages';
import { aboutText } from '@common/schemas/offers';
import { fullTime } from '@common/time';
import { MeetupCard } from './MeetupCard';
import { OfferCard } from './OfferCard';
import styles from './Messages.module.css';
import offerStyles from './Offers.module.css';

/**
 * One message: text, its photo, a shared post as a card, and its hearts. A
 * heart is put on the other student's message by double-click or the heart
 * button; doing it again takes the heart off.
 */
export function MessageBubble({
  message,
  mine,
  senderName,
  status,
  onHeart,
}: {
  message: MessageDto;
  mine: boolean;
  senderName: string;
  /** "Delivered" or "Seen", under my latest message. */
  status?: string;
  onHeart(message: MessageDto): void;
}) {
  const created = new Date(message.createdAt);
  const media = message.media[0];
  const [reporting, setReporting] = useState(false);
  // A message with safety tips is reported from them; every other of theirs from its line.
  const reportable = !mine && message.can.report && message.warnings.length === 0;
  return (
    <li className={`${styles.message} ${mine ? styles.mine : styles.theirs}`}>
      {message.about ? (
        <p className={offerStyles.about}>
          {aboutText(message.about.title, message.about.priceLabel)}
        </p>
      ) : null}
      <div
        className={styles.bubbleRow}
        onDoubleClick={mine || !message.can.heart ? undefined : () => onHeart(message)}
      >
        <div className={styles.bubble}>
          {media ? (
            media.kind === 'video' ? (
              <video className={styles.media} src={media.url} controls preload="metadata" />
            ) : (
              <img
                className={styles.media}
                src={media.url}
                width={media.width}
                height={media.height}
                alt={mine ? 'Your photo' : `Photo from ${senderName}`}
              />
            )
          ) : null}
          {message.sharedPost ? (
            <Link
              className={styles.shared}
              to={`/post/${encodeURIComponent(message.sharedPost.id)}`}
            >
              {message.sharedPost.imageUrl ? (
                <img src={message.sharedPost.imageUrl} alt="" className={styles.sharedImage} />
              ) : null}
              <span className={styles.sharedAuthor}>
                {message.sharedPost.authorFirstName}&apos;s post
              </span>
              <span className={styles.sharedText}>{message.sharedPost.text}</span>
            </Link>
          ) : null}
          {message.meetup ? (
            <MeetupCard meetup={message.meetup} chatId={message.chatId} messageId={message.id} />
          ) : message.offer ? (
            <OfferCard offer={message.offer} chatId={message.chatId} messageId={message.id} />
          ) : message.text ? (
            <p className={styles.text}>{message.text}</p>
          ) : null}
        </div>
        {mine || !message.can.heart ? (
          message.hearts > 0 ? (
            <span className={styles.hearts} aria-label={`${message.hearts} heart`}>
              <HeartIcon width={14} height={14} className={styles.heartOn} />
            </span>
          ) : null
        ) : (
          <button
            type="button"
            className={`${styles.heartButton} ${message.hearted ? styles.heartOn : ''}`}
            aria-label="Heart"
            aria-pressed={message.hearted}
            title="Heart"
            onClick={() => onHeart(message)}
          >
            <HeartIcon width={16} height={16} />
          </button>
        )}
      </div>
      {message.warnings.length > 0 ? (
        <SafetyTips
          messageId={message.id}
          warnings={message.warnings}
          reportable={message.can.report}
        />
      ) : null}
      <span className={styles.meta}>
        <time dateTime={created.toISOString()} title={fullTime(created)}>
          {format(created, 'p')}
        </time>
        {status ? <span className={styles.status}>{status}</span> : null}
        {reportable ? (
          <button
            type="button"
            className={offerStyles.report}
            aria-label="Report this message"
            onClick={() => setReporting(true)}
          >
            Report
          </button>
        ) : null}
      </span>
      {reportable ? (
        <ReportDialog
          reported={{ targetType: 'message', targetId: message.id }}
          title={REPORT_MESSAGES.title.message}
          description={REPORT_MESSAGES.text}
          open={reporting}
          onOpenChange={setReporting}
        />
      ) : null}
    </li>
  );
}

/**
 * What the scam check found in a message, for its recipient (ADR 018): a
 * calm note under the bubble that never hides or blocks the message.
 */
function SafetyTips({
  messageId,
  warnings,
  reportable,
}: {
  messageId: string;
  warnings: MessageDto['warnings'];
  /** The message's can.report (ADR 044). */
  reportable: boolean;
}) {
  const [reporting, setReporting] = useState(false);
  return (
    <div className={styles.safety} role="note" aria-label="Safety tip">
      <InfoIcon width={16} height={16} className={styles.safetyIcon} />
      <div>
        {warnings.map((w) => (
          <p key={w.code} className={styles.safetyText}>
            {w.text}
          </p>
        ))}
        {reportable ? (
          <button type="button" className={styles.linkButton} onClick={() => setReporting(true)}>
            Report message
          </button>
        ) : null}
      </div>
      {reportable ? (
        <ReportDialog
          reported={{ targetType: 'message', targetId: messageId }}
          title={REPORT_MESSAGES.title.message}
          description={REPORT_MESSAGES.text}
          open={reporting}
          onOpenChange={setReporting}
        />
      ) : null}
    </div>
  );
}

/** A message on its way, or one that could not be sent. */
export function PendingBubble({
  message,
  onRetry,
  onDiscard,
}: {
  message: PendingMessage;
  onRetry(): void;
  onDiscard(): void;
}) {
  return (
    <li className={`${styles.message} ${styles.mine} ${styles.pending}`}>
      <div className={styles.bubble}>
        {message.preview ? (
          <img className={styles.media} src={message.preview} alt="Your photo" />
        ) : null}
        {message.text ? <p className={styles.text}>{message.text}</p> : null}
      </div>
      {message.progress !== null ? (
        <div
          className={`progress ${styles.upload}`}
          role="progressbar"
          aria-label="Uploading photo"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(message.progress * 100)}
        >
          <div
            className="progress__bar"
            style={{ width: `${Math.round(message.progress * 100)}%` }}
          />
        </div>
      ) : null}
      <span className={styles.meta}>
        {message.status === 'sending' ? (
          <span className={styles.status}>Sending…</span>
        ) : (
          <span className={styles.failed} role="alert">
            Not sent.{' '}
            <button type="button" className={styles.linkButton} onClick={onRetry}>
              Retry
            </button>{' '}
            <button type="button" className={styles.linkButton} onClick={onDiscard}>
              Discard
            </button>
          </span>
        )}
      </span>
    </li>
  );
}
