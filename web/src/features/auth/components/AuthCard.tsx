import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/layout/PageHeader';
import { CampusLogo } from '../../../components/ui/CampusLogo';
import { useCampus } from '../../../lib/campus';
import styles from './AuthForm.module.css';

export interface AuthCardProps {
  /** The card's heading. */
  title: ReactNode;
  subtitle?: ReactNode;
  /** A back bar above the card (PageHeader): its title becomes the page's h1. */
  back?: { title: string; fallback: string };
  footer?: ReactNode;
  children?: ReactNode;
}

/** The centred card of every sign-in page: campus logo and name, a heading, the form. */
export function AuthCard({ title, subtitle, back, footer, children }: AuthCardProps) {
  const campus = useCampus();
  const Heading = back ? 'h2' : 'h1';
  return (
    <div className={styles.page}>
      {back ? <PageHeader title={back.title} fallback={back.fallback} /> : null}
      <section className={`card ${styles.card}`}>
        <header className={styles.header}>
          <div className={styles.brand}>
            <CampusLogo campus={campus} size={48} />
            <span className={styles.product}>{campus.productName}</span>
          </div>
          <Heading className={styles.title}>{title}</Heading>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        </header>
        {children}
        {footer ? <footer className={styles.footer}>{footer}</footer> : null}
      </section>
    </div>
  );
}

/** A thin rule with a word in the middle ("or"). */
export function Divider({ children = 'or' }: { children?: ReactNode }) {
  return (
    <div className={styles.divider} role="separator">
      <span>{children}</span>
    </div>
  );
}
