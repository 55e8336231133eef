import type { CSSProperties } from 'react';
import { MESSAGES } from '@common/messages';
import { Button } from '../../../components/ui/Button';
import { CampusLogo } from '../../../components/ui/CampusLogo';
import { MapPinIcon, PlusIcon } from '../../../components/ui/Icons';
import { Skeleton } from '../../../components/ui/Spinner';
import { useCampus } from '../../../lib/campus';
import { useSchools } from '../../../lib/campuses';
import styles from './SchoolGrid.module.css';

/** The seven schools; SCHOOLS in common/campuses.ts has the count the skeleton needs. */
const SCHOOL_COUNT = 7;

/** Every school's own site, one card each, opened in the same tab. */
export function SchoolGrid() {
  const campus = useCampus();
  const { data: schools, isPending, isError, refetch, isRefetching } = useSchools();

  return (
    <section
      className={`card ${styles.section}`}
      aria-labelledby="schools-title"
      aria-busy={isPending}
    >
      <h2 id="schools-title" className={styles.heading}>
        Pick your campus
      </h2>
      <p className={styles.subheading}>
        Each school has its own site. Only students with its e-mail can join.
      </p>

      {isError ? (
        <div className={styles.error}>
          <p>{MESSAGES.somethingWentWrong}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void refetch()}
            disabled={isRefetching}
          >
            Try again
          </Button>
        </div>
      ) : (
        <ul className={styles.grid}>
          {isPending
            ? Array.from({ length: SCHOOL_COUNT }, (_, i) => (
                <li key={i} className={styles.tile} aria-hidden="true">
                  <Skeleton width={48} height={48} radius={12} />
                  <span className={styles.text}>
                    <Skeleton width="55%" height={16} radius={6} />
                    <Skeleton width="85%" height={13} radius={6} />
                    <Skeleton width="45%" height={12} radius={6} />
                  </span>
                </li>
              ))
            : schools.map((school) => (
                <li key={school.id}>
                  <a
                    href={school.url}
                    className={styles.tile}
                    style={{ '--school': school.theme.primary } as CSSProperties}
                  >
                    <CampusLogo campus={school} size={48} />
                    <span className={styles.text}>
                      <span className={styles.name}>{school.productName}</span>
                      <span className={styles.school}>{school.schoolName}</span>
                      <span className={styles.city}>
                        <MapPinIcon width={13} height={13} />
                        {school.city}
                      </span>
                    </span>
                  </a>
                </li>
              ))}
          <li>
            <a
              href={`mailto:${campus.supportEmail}`}
              className={`${styles.tile} ${styles.missing}`}
            >
              <span className={styles.missingIcon} aria-hidden="true">
                <PlusIcon width={22} height={22} />
              </span>
              <span className={styles.text}>
                <span className={styles.name}>School not listed?</span>
                <span className={styles.school}>Ask us to open it: {campus.supportEmail}</span>
              </span>
            </a>
          </li>
        </ul>
      )}
    </section>
  );
}
