import { Link } from 'react-router';

const LINKS = [
  { to: '/settings/terms', label: 'Terms of Service' },
  { to: '/settings/privacy', label: 'Privacy' },
  { to: '/settings/trust_and_safety', label: 'Trust/Safety' },
  { to: '/settings/returns', label: 'Returns' },
  { to: '/settings/about', label: 'About' },
  { to: '/settings/help', label: 'Help' },
];

/** Policy links and the year with the company name. */
export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Policies" className="footer__links">
        {LINKS.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
      </nav>
      <p className="footer__copy">© {new Date().getFullYear()} Quad</p>
    </footer>
  );
}
