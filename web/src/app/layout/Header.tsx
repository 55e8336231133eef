import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@common/messages';
import { CampusLogo } from '../../components/ui/CampusLogo';
import { SearchIcon } from '../../components/ui/Icons';
import type * as SearchBoxModule from '../../features/search/components/SearchBox';
import { useIdleImport } from '../../lib/use-idle-import';
import { AccountMenu } from './AccountMenu';
import { isGenericCampus, useCampus } from '../../lib/campus';

/**
 * The top bar: campus logo and name, the search box, and the account menu.
 * A campus's box has the search dropdown; on phones the search page has its
 * own box, so the bar's keeps its place there but is hidden.
 */
export function Header({ hidden }: { hidden: boolean }) {
  const campus = useCampus();
  const { pathname } = useLocation();
  const onSearchPage = pathname === '/search';
  return (
    <header className={`topbar${hidden ? ' topbar--hidden' : ''}`}>
      <div className="topbar__inner">
        <Link to="/home" className="topbar__brand" aria-label={`${campus.productName} home`}>
          <CampusLogo campus={campus} size={36} />
          <span className="topbar__name">{campus.productName}</span>
        </Link>
        {isGenericCampus(campus) ? (
          <SchoolSearch />
        ) : (
          <CampusSearch
            className={`topbar__search${onSearchPage ? ' topbar__search--page' : ''}`}
            placeholder={`Search ${campus.productName}`}
          />
        )}
        <div className="topbar__actions">
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}

/** The generic site's box: it leads to the school finder. */
function SchoolSearch() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query, setQuery] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? `/search_schools?q=${encodeURIComponent(q)}` : '/search_schools');
  };
  return (
    <form className="topbar__search" role="search" onSubmit={handleSubmit}>
      <SearchIcon className="topbar__search-icon" width={18} height={18} />
      <input
        type="search"
        aria-label={MESSAGES.searchSchools}
        placeholder={MESSAGES.searchSchools}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onFocus={() => pathname !== '/search_schools' && navigate('/search_schools')}
      />
    </form>
  );
}

const loadSearchBox = (): Promise<typeof SearchBoxModule> =>
  import('../../features/search/components/SearchBox');

/**
 * A campus's box. Its dropdown's code (and the search contract's zod schemas)
 * comes after the first paint; until then a plain box of the same look stands
 * in, and what is typed into it carries over, focus included.
 */
function CampusSearch({ className, placeholder }: { className: string; placeholder: string }) {
  const [searchBox, loadNow] = useIdleImport(loadSearchBox);
  const [early, setEarly] = useState<string | null>(null);
  if (searchBox)
    return (
      <searchBox.SearchBox
        className={className}
        initialText={early ?? undefined}
        autoFocus={early !== null}
      />
    );
  return (
    <form className={className} role="search" onSubmit={(e) => e.preventDefault()}>
      <SearchIcon className="topbar__search-icon" width={18} height={18} />
      <input
        type="search"
        aria-label={placeholder}
        placeholder={placeholder}
        value={early ?? ''}
        onFocus={() => {
          setEarly((text) => text ?? '');
          loadNow();
        }}
        onChange={(e) => setEarly(e.target.value)}
      />
    </form>
  );
}
