import type { CSSProperties } from 'react';
import type { CampusDto } from '@common/schemas/campus';
import { CampusLogo } from '../../../components/ui/CampusLogo';
import { ChevronRightIcon, MapPinIcon } from '../../../components/ui/Icons';
import { Skeleton } from '../../../components/ui/Spinner';
import styles from './SchoolOption.module.css';

interface SchoolOptionProps {
  id: string;
  campus: CampusDto;
  /** Where the option leads: the campus's site, or the hand-over to it for a signed-in student. */
  href: string;
  highlighted: boolean;
  onHighlight(): void;
}

/**
 * One school of the finder: a real link to the campus's own site, shown as an
 * option of the search field's listbox (the field keeps focus; arrows move the highlight).
 */
export function SchoolOption({ id, campus, href, highlighted, onHighlight }: SchoolOptionProps) {
  return (
    <a
      id={id}
      role="option"
      aria-selected={highlighted}
      tabIndex={-1}
      href={href}
      className={styles.option}
      style={{ '--school': campus.theme.primary } as CSSProperties}
      onMouseMove={highlighted ? undefined : onHighlight}
    >
      <CampusLogo campus={campus} size={44} />
      <span className={styles.text}>
        <span className={styles.name}>{campus.schoolName}</span>
        <span className={styles.meta}>
          <span className={styles.product}>{campus.productName}</span>
          <span className={styles.dot} aria-hidden="true">
            ·
          </span>
          <span className={styles.city}>
            <MapPinIcon width={14} height={14} />
            {campus.city}
          </span>
        </span>
      </span>
      <ChevronRightIcon className={styles.chevron} width={20} height={20} />
    </a>
  );
}

/** A placeholder row with the exact size of a `SchoolOption`. */
export function SchoolOptionSkeleton() {
  return (
    <div className={styles.option} aria-hidden="true">
      <Skeleton width={44} height={44} radius={11} />
      <span className={styles.text}>
        <Skeleton width="58%" height={16} radius={6} />
        <Skeleton width="40%" height={13} radius={6} />
      </span>
    </div>
  );
}
