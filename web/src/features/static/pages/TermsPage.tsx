import { Link } from 'react-router';
import { MESSAGES } from '@common/messages';
import { useCampus } from '../../../lib/campus';
import { instagramUrl, schoolOf } from '../components/campus-text';
import { PolicyPage, type PolicySection } from '../components/PolicyPage';

/** /settings/terms: the Terms of Service. */
export function TermsPage() {
  const campus = useCampus();
  const site = campus.productName;
  const support = <a href={`mailto:${campus.supportEmail}`}>{campus.supportEmail}</a>;

  const sections: PolicySection[] = [
    {
      id: 'eligibility',
      title: `Who can use ${site}`,
      content: (
        <>
          <p>To create an account and use {site} you must:</p>
          <ul>
            <li>
              be at least <strong>16 years old</strong>. If you are under 18, you may use {site}{' '}
              only with the supervision of a parent or guardian who has read and agreed to these
              Terms;
            </li>
            <li>
              live in the United States. {site} is offered to <strong>US residents only</strong>,
              and we may block access from outside the US;
            </li>
            <li>
              hold <strong>one account per person</strong>. Don&apos;t share an account, create
              accounts for other people, or open a new account after we have suspended yours;
            </li>
            <li>not be barred from using {site} by law or by an earlier decision of ours.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'account',
      title: 'Your account',
      content: (
        <>
          <p>
            Give us accurate information when you sign up and keep it current. You are responsible
            for everything that happens under your account, so keep your password to yourself and
            tell us right away at {support} if you think someone else has used it.
          </p>
          <p>
            To post, comment or message, you verify that you belong to {schoolOf(campus)} with your
            school e-mail address. You can end your session at any time from{' '}
            <Link to="/logout">Log Out</Link>, and you can stop using {site} whenever you like.
          </p>
          <h3>TruYou badge</h3>
          <p>
            Some profiles show a <strong>TruYou badge</strong>. It means the member confirmed
            details about themselves with us, such as proving they control a school e-mail address.
            The badge is a helpful signal, not an endorsement: it does not guarantee who someone is,
            what they sell or how they will behave, so keep using your own judgment.
          </p>
        </>
      ),
    },
    {
      id: 'marketplace',
      title: 'Buying and selling',
      content: (
        <>
          <p>
            {site} is a place for students to find each other. Sales happen directly between buyers
            and sellers: we are not a party to them, we don&apos;t own or inspect the items, and we
            can&apos;t promise that a sale will go through. Before you post,{' '}
            <Link to="/search">search</Link> to see whether someone already listed the same thing
            and what it usually sells for.
          </p>
          <p>When you list an item, you agree that:</p>
          <ul>
            <li>it is yours to sell, it is legal to sell, and your photos show the actual item;</li>
            <li>your description and price are honest, including any damage or missing parts;</li>
            <li>you will answer buyers in good faith and show up to meetings you agree to.</li>
          </ul>
          <p>
            Don&apos;t list weapons, drugs or drug paraphernalia, alcohol, tobacco or vaping
            products, prescription medicine, stolen or counterfeit goods, recalled products,
            animals, adult content, completed coursework or exam answers, or anything else that
            breaks the law or your school&apos;s rules. We may remove listings that do.
          </p>
        </>
      ),
    },
    {
      id: 'payments',
      title: 'Payments',
      content: (
        <>
          <p>
            Buyers and sellers meet on campus and pay each other in person. {site} is not a party to
            the sale: it takes no payment, ships nothing and holds no money for you.
          </p>
          <p>
            A seller may set up payouts with our payment processor on the <strong>Payments</strong>{' '}
            page of their settings. The processor&apos;s own terms, which you accept when you set up
            that account, apply to it.
          </p>
        </>
      ),
    },
    {
      id: 'user-content',
      title: 'User Content',
      content: (
        <>
          <p>
            <strong>User Content</strong> is everything members put on {site}: posts, photos,
            videos, comments, messages and profile details. You keep ownership of yours. By posting
            it, you give us a non-exclusive, royalty-free, worldwide license to host, store, resize,
            display and share it for the purpose of running {site}, for as long as it stays on the
            service.
          </p>
          <p>
            You are responsible for your User Content. It must not infringe anyone&apos;s rights,
            reveal another person&apos;s private information, or be false, hateful, harassing or
            illegal. We may remove User Content and limit accounts that break these Terms, but we
            don&apos;t review everything before it appears and we are not responsible for what
            members post.
          </p>
        </>
      ),
    },
    {
      id: 'conduct',
      title: 'Community rules and safety',
      content: (
        <>
          <p>
            Everyone on {site} follows our{' '}
            <Link to="/settings/trust">Trust and Safety guidelines</Link>: be neighborly, meet in
            public places, and never pay by wire transfer. You also agree not to spam, scrape or
            copy the service, use bots or fake accounts, get around blocks or limits, or interfere
            with how {site} works.
          </p>
          <p>
            We may warn, limit, suspend or close accounts that break these Terms or put other
            members at risk. If you see something wrong, report the profile or write to us; our{' '}
            <Link to="/settings/help">FAQs</Link> explain how.
          </p>
        </>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      content: (
        <p>
          {site} is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. To the extent the
          law allows, we make no promises about the quality, safety or legality of items listed, the
          truth of listings, or the ability of members to complete a sale, and we disclaim implied
          warranties of merchantability, fitness for a particular purpose and non-infringement.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      content: (
        <>
          <p>
            To the extent the law allows, we are not liable for indirect, incidental, special,
            consequential or punitive damages, or for lost profits, data or goodwill, arising from
            your use of {site} or from dealings between members.
          </p>
          <p>
            Our total liability for any claim is limited to <strong>the greater of $100</strong> or{' '}
            <strong>the amount of payments you made to us in the 12 months</strong> before the event
            that gave rise to the claim.
          </p>
        </>
      ),
    },
    {
      id: 'disputes',
      title: 'Disputes and arbitration',
      content: (
        <>
          <p>
            Most problems are solved quickly by writing to us at {support}. If we can&apos;t settle
            a dispute informally, you and we agree to resolve it by binding individual arbitration
            rather than in court, except that either of us may bring a qualifying claim in small
            claims court. Claims may only be brought individually, not as part of a class or
            representative action.
          </p>
          <p>
            For claims <strong>under $10,000</strong>, the arbitration may be conducted remotely, by
            telephone, video call or written submissions, so nobody has to travel.
          </p>
          <p>
            <strong>Opting out.</strong> You can opt out of arbitration within{' '}
            <strong>30 days</strong> of first accepting these Terms by e-mailing {support} with your
            name, your account e-mail and a clear statement that you opt out of arbitration.
          </p>
        </>
      ),
    },
    {
      id: 'time-limit',
      title: 'Time limit for claims',
      content: (
        <p>
          Any claim related to these Terms or to {site} must be filed within{' '}
          <strong>one year</strong> after it arose; otherwise it is permanently barred, to the
          extent the law allows.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these Terms',
      content: (
        <p>
          We may update these Terms as {site} grows. When a change matters, we will tell you on the
          site or by e-mail at least <strong>30 days</strong> before it takes effect (the notice
          period), and the date at the top of this page will change. If you keep using {site} after
          the change takes effect, you accept the new Terms; if you don&apos;t agree, you can stop
          using the service.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <p>
          Questions about these Terms? Start with the <Link to="/settings/help">FAQs</Link>, send a
          direct message to{' '}
          <a href={instagramUrl(campus)} target="_blank" rel="noreferrer noopener">
            @{campus.instagram}
          </a>{' '}
          on Instagram, or e-mail {support}.
        </p>
      ),
    },
  ];

  return (
    <PolicyPage
      title={MESSAGES.settingsTermsOfService}
      updated={MESSAGES.termsLastUpdated}
      contents
      intro={
        <p>
          These Terms of Service are the agreement between you and {site}, the buy / sell community
          for students of {schoolOf(campus)}. By creating an account or using {site}, you accept
          them, along with our <Link to="/settings/privacy">Privacy Policy</Link> and{' '}
          <Link to="/settings/trust">Trust and Safety guidelines</Link>. We have kept them as short
          and plain as we could.
        </p>
      }
      summary={[
        <>
          You must be at least 16 (with a parent or guardian under 18), live in the US, and keep one
          account.
        </>,
        <>Sales are between students. Meet in public, pay in person, and never wire money.</>,
        <>You own what you post; you let us show it on {site}.</>,
        <>Disputes go to individual arbitration unless you opt out within 30 days.</>,
      ]}
      sections={sections}
    />
  );
}
