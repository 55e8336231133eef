import { Link } from 'react-router';
import { MESSAGES } from '@common/messages';
import { useCampus } from '../../../lib/campus';
import { ContactOptions } from '../components/ContactOptions';
import { PolicyPage } from '../components/PolicyPage';

/** /settings/feedback: Give Us Feedback, through the campus's Instagram direct messages or e-mail. */
export function FeedbackPage() {
  const campus = useCampus();
  const site = campus.productName;
  return (
    <PolicyPage
      title={MESSAGES.settingsGiveUsFeedback}
      intro={
        <p>
          {site} is built around what students ask for. Tell us what you love, what bugs you and
          what you wish it did: every message is read by the team.
        </p>
      }
      sections={[
        {
          id: 'what-helps',
          title: 'What helps us most',
          content: (
            <ul>
              <li>
                <strong>Ideas:</strong> a feature you are missing, or a category that should exist.
              </li>
              <li>
                <strong>Bugs:</strong> what you did, what you expected, what happened instead, and
                your phone or browser. A screenshot is worth a paragraph.
              </li>
              <li>
                <strong>Stories:</strong> a great sale, or a bad experience we should learn from.
              </li>
            </ul>
          ),
        },
        {
          id: 'urgent',
          title: 'Something urgent?',
          content: (
            <p>
              For a problem with a sale, your account or another member, write to{' '}
              <Link to="/settings/help">Customer Support</Link> instead, so it reaches the right
              person quickly.
            </p>
          ),
        },
      ]}
    >
      <ContactOptions subject={`Feedback for ${site}`} />
    </PolicyPage>
  );
}
