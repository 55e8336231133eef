import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layout/PageHeader';
import { CampusLogo } from '../../../components/ui/CampusLogo';
import { useCampus } from '../../../lib/campus';
import styles from './PolicyPage.module.css';
import { useSettingsNarrow } from '../../../lib/use-media-query';

export interface PolicySection {
  /** Fragment id, so /settings/privacy#cookies lands on its section. */
  id: string;
  title: string;
  content: ReactNode;
}

export interface PolicyPageProps {
  title: string;
  /** The date line, e.g. "Last updated May 27, 2021". */
  updated?: string;
  /** Opening paragraph, set larger than the body. */
  intro: ReactNode;
  /** "The short version": a few key points above the full text. */
  summary?: ReactNode[];
  /** Lists the sections with links at the top (long documents). */
  contents?: boolean;
  /** Shown between the introduction and the sections (contact options, steps). */
  children?: ReactNode;
  sections: PolicySection[];
}

/** The shared frame of every settings page: back button, title, date line, sections. */
export function PolicyPage({
  title,
  updated,
  intro,
  summary,
  contents,
  children,
  sections,
}: PolicyPageProps) {
  const campus = useCampus();
  const narrow = useSettingsNarrow();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${campus.productName}`;
    return () => {
      document.title = previous;
    };
  }, [title, campus.productName]);

  // The router does not scroll: land on the #fragment, or at the top of a newly opened page.
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else window.scrollTo(0, 0);
  }, [pathname, hash]);

  const handleContentsClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    navigate({ hash: id }, { replace: true, preventScrollReset: true });
    document.getElementById(id)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <article className={styles.page} aria-labelledby="policy-title">
      <PageHeader
        title={<span id="policy-title">{title}</span>}
        // On narrow screens the settings menu is the page these open from: back to it.
        {...(narrow ? { backTo: '/settings' } : {})}
      />
      <div className={`card ${styles.doc}`}>
        <p className={styles.meta}>
          <span className={styles.campus}>
            <span aria-hidden="true">
              <CampusLogo campus={campus} size={20} />
            </span>
            {campus.productName}
          </span>
          {updated ? <span className={styles.updated}>{updated}</span> : null}
        </p>
        <div className={styles.intro}>{intro}</div>

        {summary && summary.length > 0 ? (
          <aside className={styles.summary} aria-labelledby="policy-summary">
            <h2 id="policy-summary" className={styles.summaryTitle}>
              The short version
            </h2>
            <ul>
              {summary.map((point, index) => (
                <li key={index}>{point}</li>
              ))}
            </ul>
          </aside>
        ) : null}

        {contents ? (
          <nav className={styles.contents} aria-labelledby="policy-contents">
            <h2 id="policy-contents" className={styles.contentsTitle}>
              On this page
            </h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    onClick={(event) => handleContentsClick(event, section.id)}
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}

        {children}

        <div className={styles.prose}>
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              className={`${styles.section}${hash === `#${section.id}` ? ` ${styles.targeted}` : ''}`}
            >
              <h2 id={`${section.id}-title`}>{section.title}</h2>
              {section.content}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
