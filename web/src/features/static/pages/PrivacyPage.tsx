import { Link } from 'react-router';
import { MESSAGES } from '@common/messages';
import { useCampus } from '../../../lib/campus';
import { instagramUrl, schoolOf } from '../components/campus-text';
import { PolicyPage, type PolicySection } from '../components/PolicyPage';

/** /settings/privacy: what this Quad site collects and why; #cookies is its cookie section. */
export function PrivacyPage() {
  const campus = useCampus();
  const site = campus.productName;
  const support = <a href={`mailto:${campus.supportEmail}`}>{campus.supportEmail}</a>;

  const sections: PolicySection[] = [
    {
      id: 'who-we-are',
      title: 'Who runs this site',
      content: (
        <p>
          {site} runs on Quad, software for campus buy / sell communities. Your information is
          stored on the servers of the operator of this Quad site, the team behind {site}, and is
          used only to run it. We don&apos;t sell or rent it, and we don&apos;t share it with
          advertisers.
        </p>
      ),
    },
    {
      id: 'what-you-give-us',
      title: 'Information you give us',
      content: (
        <ul>
          <li>
            <strong>Account details:</strong> your name, e-mail address, username and password, or
            your Google account if you sign in with Google.
          </li>
          <li>
            <strong>Your school e-mail address</strong>, to check that you belong to{' '}
            {schoolOf(campus)}.
          </li>
          <li>
            <strong>Profile details</strong> you choose to add: photo, bio, graduation year,
            birthday, gender and phone number.
          </li>
          <li>
            <strong>What you post and send:</strong> posts, photos, videos, comments, saved posts,
            messages and reports.
          </li>
          <li>
            <strong>Payout details</strong>, if you set up payouts. Bank and identity details go
            straight to our payment processor; we keep only your payment account&apos;s id and
            status.
          </li>
        </ul>
      ),
    },
    {
      id: 'collected-automatically',
      title: 'Information collected as you use the site',
      content: (
        <>
          <p>
            <strong>First-party analytics only.</strong> We record page views and a few actions,
            such as posting or deleting a post, in our own database, so we can see which features
            are used and fix what isn&apos;t working. There are no third-party analytics tools,
            advertising pixels or trackers on {site}.
          </p>
          <p>
            <strong>Security records.</strong> For each signed-in session we keep the time, your
            browser and your IP address, and our servers log requests for a short time, so we can
            stop abuse and slow down attacks.
          </p>
          <p>
            <strong>Country.</strong> {site} is for US residents, so we look up the country of your
            IP address when you visit. We never ask for or store your precise location.
          </p>
        </>
      ),
    },
    {
      id: 'school-email',
      title: 'Your school e-mail address',
      content: (
        <p>
          We use your school e-mail address for one thing: to verify that you are a member of{' '}
          {schoolOf(campus)}. We send it a 4-digit code, and once you enter the code your account is
          school-verified. Your school address is not shown on your profile, not shared with other
          students, and not used for marketing.
        </p>
      ),
    },
    {
      id: 'photos',
      title: 'Photos and videos',
      content: (
        <p>
          Phone cameras hide details inside every photo, including the GPS location where it was
          taken. Before anyone else can see a photo you upload, we strip that metadata, so a picture
          of your couch never reveals where you live. Photos and videos you post are visible to
          members of the community, like the rest of your post.
        </p>
      ),
    },
    {
      id: 'how-we-use',
      title: 'How we use information',
      content: (
        <ul>
          <li>
            to run {site}: show your posts, deliver your messages and send your notifications;
          </li>
          <li>to send account e-mails: verification codes, sign-in links and password resets;</li>
          <li>to send e-mail notifications, which you can turn off in your account settings;</li>
          <li>
            to keep the community safe: verify members, review reports, and stop spam, scams and
            banned accounts;
          </li>
          <li>to answer you when you contact us, and to improve {site} from aggregated usage.</li>
        </ul>
      ),
    },
    {
      id: 'who-sees-what',
      title: 'Who can see what',
      content: (
        <>
          <p>
            {site} is a private community: posts, photos and profiles are visible only to signed-in
            members. Other members see your first name and last initial, your username, photo and
            bio; your full last name appears only to you, in your own settings. Your e-mail
            addresses, phone number and birthday are never shown to other members.
          </p>
          <p>
            Messages are visible to the people in the conversation. When someone reports a message,
            post or profile, the team that runs {site} may review it.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'When we share information',
      content: (
        <>
          <p>We share information only with:</p>
          <ul>
            <li>
              service providers that help run {site}, such as e-mail delivery, hosting and our
              payment processor, who may use it only to provide their service to us;
            </li>
            <li>
              authorities, when the law requires it or when it is needed to protect someone from
              serious harm;
            </li>
            <li>a successor, if {site} is transferred, under the same promises as this policy.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'security',
      title: 'How we protect it',
      content: (
        <p>
          Passwords are stored only as salted hashes, so nobody, including us, can read them.
          Session tokens, verification codes and sign-in links are also stored hashed, expire, and
          work only once where that applies. Repeated failed sign-ins temporarily lock password
          sign-in for the account. No system is perfect: if you think your account has been
          compromised, change your password and tell us at {support}.
        </p>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      content: (
        <>
          <p>
            {site} uses <strong>one cookie</strong>: a session cookie, set when you sign in, that
            keeps you signed in.
          </p>
          <ul>
            <li>
              It is <strong>httpOnly</strong>: scripts on the page cannot read it, which protects it
              from theft.
            </li>
            <li>
              It lasts <strong>30 days</strong> and slides: each visit extends it, so you stay
              signed in while you use {site}, and you are signed out after 30 days away.
            </li>
            <li>
              It holds a random token, nothing about you. Logging out deletes it, and we store only
              a hash of the token.
            </li>
          </ul>
          <p>
            There are no advertising, analytics or third-party cookies. If you block cookies for{' '}
            {site}, you can still read public pages but you won&apos;t be able to sign in. More on
            the <Link to="/settings/cookies">cookies page</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      content: (
        <p>
          We keep your account information while your account exists. When you delete a post or a
          conversation, its text and files are removed. Sessions end after 30 days without a visit,
          and used or expired verification codes and links are discarded. When your account is
          deleted, we delete your profile and content, except records we must keep by law or to
          prevent abuse.
        </p>
      ),
    },
    {
      id: 'your-choices',
      title: 'Your choices',
      content: (
        <ul>
          <li>Edit your profile, or remove optional details, at any time.</li>
          <li>Delete your posts, comments and conversations.</li>
          <li>Turn e-mail notifications off in your account settings.</li>
          <li>
            Ask for a copy of your information, a correction, or the deletion of your account by
            writing to {support}. We answer within 30 days.
          </li>
        </ul>
      ),
    },
    {
      id: 'age',
      title: 'Age',
      content: (
        <p>
          {site} is not for anyone under 16, and members under 18 use it with the supervision of a
          parent or guardian, as our <Link to="/settings/terms">Terms of Service</Link> say. If you
          believe someone under 16 has an account, tell us and we will remove it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes and contact',
      content: (
        <p>
          When we change this policy we update the date at the top, and we tell members by e-mail or
          on the site before an important change applies. Questions? Send a direct message to{' '}
          <a href={instagramUrl(campus)} target="_blank" rel="noreferrer noopener">
            @{campus.instagram}
          </a>{' '}
          on Instagram or e-mail {support}.
        </p>
      ),
    },
  ];

  return (
    <PolicyPage
      title={MESSAGES.settingsPrivacyPolicy}
      updated={MESSAGES.privacyLastUpdated}
      contents
      intro={
        <p>
          This policy explains what {site} knows about you, why, who can see it, and the choices you
          have. The short answer: only what it takes to run a safe student marketplace.
        </p>
      }
      summary={[
        <>No ads, no third-party trackers: analytics stay on our own servers.</>,
        <>Your school e-mail is used only to verify that you are a student.</>,
        <>Location data is stripped from every photo before anyone sees it.</>,
        <>
          Passwords are stored hashed, and there is <Link to={{ hash: 'cookies' }}>one cookie</Link>
          , to keep you signed in.
        </>,
      ]}
      sections={sections}
    />
  );
}
