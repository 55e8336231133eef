import { Link } from 'react-router';
import { useCampus } from '../../../lib/campus';
import { PolicyPage } from '../components/PolicyPage';

/** /settings/cookies: the one cookie this site sets; the full text is in the Privacy Policy. */
export function CookiesPage() {
  const campus = useCampus();
  const site = campus.productName;
  return (
    <PolicyPage
      title="Cookies"
      intro={
        <p>
          {site} sets a single cookie, and only to keep you signed in. No advertising, analytics or
          third-party cookies, ever.
        </p>
      }
      sections={[
        {
          id: 'session-cookie',
          title: 'The session cookie',
          content: (
            <>
              <p>
                When you sign in, {site} stores a random token in a cookie on your device. Each time
                you visit, your browser sends it back so we know it&apos;s you. The token says
                nothing about you by itself, and we keep only a hash of it.
              </p>
              <ul>
                <li>
                  <strong>httpOnly:</strong> scripts on the page cannot read it.
                </li>
                <li>
                  <strong>30 days, sliding:</strong> each visit extends it, so you are signed out
                  after 30 days away.
                </li>
                <li>
                  <strong>First-party only:</strong> it is sent to {site} and nowhere else.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'control',
          title: 'Removing it',
          content: (
            <p>
              Logging out deletes the cookie. You can also clear it in your browser settings; if you
              block cookies for {site}, you can read public pages but cannot sign in.
            </p>
          ),
        },
        {
          id: 'more',
          title: 'More detail',
          content: (
            <p>
              The <Link to="/settings/privacy#cookies">Cookies section of our Privacy Policy</Link>{' '}
              covers the same cookie, alongside everything else we collect and why.
            </p>
          ),
        },
      ]}
    />
  );
}
