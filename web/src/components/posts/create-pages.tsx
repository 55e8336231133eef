import { type ReactNode, useId } from 'react';
import { Navigate } from 'react-router';
import { MESSAGES } from '@common/messages';
import { useIsMobile } from '../../lib/use-media-query';
import { CloseIcon } from '../ui/Icons';
import styles from './CreatePage.module.css';

/**
 * The mobile create pages: /create/post?goBack= and
 * /create/comment/{id}?goBack=. goBack is a path of this site, or a page
 * name ("home", "detail", "profile", "saved"…); `named` says where the names
 * that depend on the page lead.
 */
export function resolveGoBack(goBack: string | null, named: Record<string, string> = {}): string {
  if (!goBack) return '/home';
  if (goBack.startsWith('/') && !goBack.startsWith('//') && !goBack.startsWith('/\\')) {
    return goBack;
  }
  const page = named[goBack];
  if (page) return page;
  return /^[a-z0-9_-]+$/i.test(goBack) ? `/${goBack}` : '/home';
}

export const createPostPath = (goBack: string) =>
  `/create/post?goBack=${encodeURIComponent(goBack)}`;

export const createCommentPath = (id: string, goBack: string) =>
  `/create/comment/${encodeURIComponent(id)}?goBack=${encodeURIComponent(goBack)}`;

/** Mobile-only pages: a desktop visitor is sent back to the goBack page. */
export function MobileOnly({ goBack, children }: { goBack: string; children: ReactNode }) {
  const mobile = useIsMobile();
  if (!mobile) return <Navigate to={goBack} replace />;
  return <>{children}</>;
}

/** The frame of a full-page composer: Cancel, the title, then the form. */
export function CreatePage({
  title,
  onCancel,
  children,
}: {
  title: string;
  onCancel(): void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={`card ${styles.page}`} aria-labelledby={titleId}>
      <div className={styles.bar}>
        <button
          type="button"
          className="icon-button"
          aria-label={MESSAGES.signIn.cancel}
          onClick={onCancel}
        >
          <CloseIcon width={22} height={22} />
        </button>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
      </div>
      {children}
    </section>
  );
}
