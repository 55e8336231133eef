import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CampusLogo } from '../../components/ui/CampusLogo';
import { SearchIcon } from '../../components/ui/Icons';
import { AccountMenu } from './AccountMenu';
import { isGenericCampus, useCampus } from '../../lib/campus';

/** The top bar: campus logo and name, the search box, and the account menu. */
export function Header({ hidden }: { hidden: boolean }) {
  const campus = useCampus();
  const generic = isGenericCampus(campus);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query, setQuery] = useState('');
  const placeholder = generic ? 'Search schools' : `Search ${campus.productName}`;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (generic) navigate(q ? `/search_schools?q=${encodeURIComponent(q)}` : '/search_schools');
    else if (q) navigate(`/search?q=${encodeURIComponent(q)}&show=latest`);
  };

  return (
    <header className={`topbar${hidden ? ' topbar--hidden' : ''}`}>
      <div className="topbar__inner">
        <Link to="/home" className="topbar__brand" aria-label={`${campus.productName} home`}>
          <CampusLogo campus={campus} size={36} />
          <span className="topbar__name">{campus.productName}</span>
        </Link>
        <form className="topbar__search" role="search" onSubmit={handleSubmit}>
          <SearchIcon className="topbar__search-icon" width={18} height={18} />
          <input
            type="search"
            aria-label={placeholder}
            placeholder={placeholder}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onFocus={() => generic && pathname !== '/search_schools' && navigate('/search_schools')}
          />
        </form>
        <div className="topbar__actions">
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
