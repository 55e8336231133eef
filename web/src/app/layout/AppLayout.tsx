import { Outlet, useLocation } from 'react-router';
import { ContactCard } from '../../components/layout/ContactCard';
import { Footer } from '../../components/layout/Footer';
import { GroupCard } from '../../components/layout/GroupCard';
import { useFeedView } from '../../lib/feed-view';
import { useUnreadLive } from '../../lib/unread';
import { useRecordBackHistory } from '../../lib/use-back-history';
import { useIsMobile } from '../../lib/use-media-query';
import { useHiddenOnScrollDown } from '../../lib/use-scroll-direction';
import { AccountRedirects } from '../../components/gates/AccountRedirects';
import { Banners } from '../../components/gates/Banners';
import { AppBanners } from '../../components/pwa/AppBanners';
import { GateProvider } from '../../components/gates/GateProvider';
import { Header } from './Header';
import { MobileBar } from './MobileBar';
import { Sidebar } from './Sidebar';

/**
 * The shell of every page: top bar, left navigation, the page,
 * and a right rail with the group and contact cards. Phones get a bottom bar.
 * Every page sits inside the permission gates (prompts, account redirects, banners).
 * Each page it shows is recorded for the header's Back button.
 */
export function AppLayout() {
  const mobile = useIsMobile();
  const headerHidden = useHiddenOnScrollDown(mobile);
  const { pathname } = useLocation();
  const [feedView] = useFeedView();
  // The inbox and its conversation take the rail's room too, and fill the height;
  // so does the feed's grid, for more columns (ADR 047).
  const wide =
    /^\/messages(\/|$)/.test(pathname) || (feedView === 'grid' && /^\/home\/?$/.test(pathname));
  // The full-page composers of phones (/create/…) have the screen to themselves:
  // no search bar nor tab bar there (app.css, .shell--composing; ADR 050).
  const composing = pathname.startsWith('/create/');
  useUnreadLive();
  useRecordBackHistory();
  return (
    <GateProvider>
      <div className={`shell${composing ? ' shell--composing' : ''}`}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header hidden={headerHidden} />
        <div className={`shell__body${wide ? ' shell__body--wide' : ''}`}>
          <aside className="shell__nav">
            <Sidebar />
          </aside>
          <main id="main" className="shell__main" tabIndex={-1}>
            <AccountRedirects />
            <Banners />
            <AppBanners />
            <Outlet />
            <div className="shell__main-footer">
              <Footer />
            </div>
          </main>
          <aside className="shell__rail" aria-label="About this group">
            <GroupCard />
            <ContactCard />
            <Footer />
          </aside>
        </div>
        <MobileBar />
      </div>
    </GateProvider>
  );
}
