import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isGenericCampus, useCampus } from '../../lib/campus';
import { useViewer } from '../../lib/session';
import { campusHandoffPath, campusSiteUrl, takeRedirectTarget } from './campus-site';
import {
  isSchoolEmailPage,
  mayStayUnverified,
  mayStayWithoutSchoolEmail,
  OWN_PROFILE_PATH,
  PROFILE_SET_UP_PATH,
  SCHOOL_EMAIL_PATH,
} from './paths';

// Each redirect happens once per page load: after that the user may browse.
const sent = { verify: false, schoolEmail: false };

/**
 * The account-state redirects, run on every page of the shell;
 * renders nothing.
 * - A signed-in account that is not verified goes to /verify, once per page load.
 * - A verified user without school verification goes to the school e-mail page
 *   (not on the generic campus), once per page load: afterwards they may browse,
 *   with the banner and the prompts reminding them. A moderator
 *   opening their queue stays there, as an operator opening the dashboard.
 * - `?SetUp=true` on any page opens the profile set-up wizard for a signed-in
 *   user, or their profile when it is set up already.
 * - On the generic campus a remembered campus (saved after a school verification)
 *   sends the user to that campus's own site, and is forgotten.
 */
export function AccountRedirects() {
  const viewer = useViewer();
  const campus = useCampus();
  const { pathname, search } = useLocation();
  const setUp = new URLSearchParams(search).get('SetUp') === 'true';
  const navigate = useNavigate();

  useEffect(() => {
    const generic = isGenericCampus(campus);
    if (generic) {
      const target = takeRedirectTarget();
      if (target && target !== campus.id) {
        window.location.assign(viewer ? campusHandoffPath(target) : campusSiteUrl(campus, target));
        return;
      }
    }
    if (!viewer) return;
    if (!viewer.verified) {
      // Having reached /verify (by any way) counts as the one visit.
      if (pathname.startsWith('/verify')) sent.verify = true;
      if (!sent.verify && !mayStayUnverified(pathname)) {
        sent.verify = true;
        navigate('/verify', { replace: true });
      }
      return;
    }
    if (setUp) {
      navigate(viewer.profileSetUp ? OWN_PROFILE_PATH : PROFILE_SET_UP_PATH, { replace: true });
      return;
    }
    if (!viewer.schoolVerified && isSchoolEmailPage(pathname)) sent.schoolEmail = true;
    if (
      !viewer.schoolVerified &&
      !generic &&
      !sent.schoolEmail &&
      !mayStayWithoutSchoolEmail(pathname, viewer.moderator === true, viewer.admin === true)
    ) {
      sent.schoolEmail = true;
      navigate(SCHOOL_EMAIL_PATH, { replace: true });
    }
  }, [viewer, campus, pathname, setUp, navigate]);

  return null;
}
