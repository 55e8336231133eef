import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { GENERIC_CAMPUS_ID } from '@common/campus-rules';
import { MESSAGES } from '@common/messages';
import type { Viewer } from '@common/schemas/auth';
import type { CampusDto } from '@common/schemas/campus';
import { ChevronRightIcon, CloseIcon, ExternalIcon, ShieldCheckIcon } from '../ui/Icons';
import { isGenericCampus, useCampus } from '../../lib/campus';
import { useCampusById } from '../../lib/campuses';
import { useViewer } from '../../lib/session';
import { campusHandoffPath } from './campus-site';
import { isSchoolEmailPage, SCHOOL_EMAIL_PATH } from './paths';
import styles from './Banners.module.css';

interface Banner {
  id: 'verify' | 'visit';
  title: string;
  hint: string;
  /** An in-app path, or another campus's site. */
  to: string;
  external?: boolean;
}

/**
 * The banners the viewer's flags (verified, school-verified) call for; `home`
 * is the viewer's own campus, as the server has it (undefined until it answers).
 */
function bannersFor(
  viewer: Viewer | null,
  campus: CampusDto,
  home: CampusDto | undefined,
  pathname: string,
): Banner[] {
  if (!viewer) return [];
  const generic = isGenericCampus(campus);
  const banners: Banner[] = [];
  if (!viewer.verified || !viewer.schoolVerified) {
    const to = !viewer.verified ? '/verify' : generic ? '/search_schools' : SCHOOL_EMAIL_PATH;
    const hint = !viewer.verified
      ? 'Enter the code we e-mailed you to confirm your account.'
      : generic
        ? 'Find your school, then verify your school email to join it.'
        : `Verify your ${campus.name} email to post, comment and message.`;
    // Not on the page it leads to, nor on the school e-mail pages themselves.
    const here = pathname.replace(/\/+$/, '') === to || isSchoolEmailPage(pathname);
    if (!here) banners.push({ id: 'verify', title: MESSAGES.verifyYourAccount, hint, to });
  }
  if (generic && viewer.schoolVerified && viewer.campusId !== GENERIC_CAMPUS_ID) {
    banners.push({
      id: 'visit',
      title: MESSAGES.visitYourCampus,
      hint: home ? `Go to ${home.productName}.` : 'Go to your campus.',
      to: campusHandoffPath(viewer.campusId),
      external: true,
    });
  }
  return banners;
}

/**
 * "Verify your account" and "Visit Your Campus" at the top of the page. Each
 * can be dismissed for the current page view; the next page shows it again.
 */
export function Banners() {
  const viewer = useViewer();
  const campus = useCampus();
  const location = useLocation();
  // Only the generic site's "Visit Your Campus" names the viewer's campus.
  const home = useCampusById(isGenericCampus(campus) ? viewer?.campusId : undefined);
  const [dismissed, setDismissed] = useState<{ key: string; ids: Banner['id'][] }>({
    key: '',
    ids: [],
  });
  const banners = bannersFor(viewer, campus, home, location.pathname).filter(
    (banner) => !(dismissed.key === location.key && dismissed.ids.includes(banner.id)),
  );
  if (banners.length === 0) return null;

  const handleDismiss = (id: Banner['id']) =>
    setDismissed((previous) => ({
      key: location.key,
      ids: previous.key === location.key ? [...previous.ids, id] : [id],
    }));

  return (
    <div className={styles.stack}>
      {banners.map((banner) => {
        const content = (
          <>
            <span className={styles.icon} aria-hidden="true">
              {banner.external ? (
                <ExternalIcon width={18} height={18} />
              ) : (
                <ShieldCheckIcon width={18} height={18} />
              )}
            </span>
            <span className={styles.text}>
              <span className={styles.title}>{banner.title}</span>
              <span className={styles.hint}>{banner.hint}</span>
            </span>
            <ChevronRightIcon className={styles.chevron} width={18} height={18} />
          </>
        );
        return (
          <section
            key={banner.id}
            className={`${styles.banner} ${banner.id === 'visit' ? styles.visit : ''}`}
            aria-label={banner.title}
          >
            {banner.external ? (
              <a className={styles.link} href={banner.to}>
                {content}
              </a>
            ) : (
              <Link className={styles.link} to={banner.to}>
                {content}
              </Link>
            )}
            <button
              type="button"
              className={`icon-button ${styles.close}`}
              aria-label={`Dismiss “${banner.title}”`}
              onClick={() => handleDismiss(banner.id)}
            >
              <CloseIcon width={16} height={16} />
            </button>
          </section>
        );
      })}
    </div>
  );
}
