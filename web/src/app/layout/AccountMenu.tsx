import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@common/messages';
import { MailIcon, UserIcon } from '../../components/ui/Icons';

/** The avatar dropdown. Signed out: the sign-in offer of spec core §2. */
export function AccountMenu() {
  const navigate = useNavigate();
  return (
    <Dropdown.Root>
      <Dropdown.Trigger className="avatar-button" aria-label="Account menu">
        <span className="avatar avatar--empty">
          <UserIcon width={20} height={20} />
        </span>
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content className="menu" align="end" sideOffset={8}>
          <div className="menu__header">
            <p className="menu__title">{MESSAGES.logInSignUp}</p>
            <p className="menu__subtitle">{MESSAGES.takesSeconds}</p>
          </div>
          <Dropdown.Item
            className="menu__item menu__item--primary"
            onSelect={() => navigate('/login')}
          >
            <MailIcon width={18} height={18} />
            {MESSAGES.continueWithEmail}
          </Dropdown.Item>
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}
