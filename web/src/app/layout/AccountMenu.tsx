import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { MESSAGES } from '@common/messages';
import {
  BookmarkIcon,
  GoogleIcon,
  LogOutIcon,
  MailIcon,
  SlidersIcon,
  UserIcon,
} from '../../components/ui/Icons';
import { useSession } from '../../lib/session';
import styles from './AccountMenu.module.css';
import { shortName, ViewerAvatar } from './ViewerAvatar';

/**
 * The avatar dropdown (spec core §2). Signed in: profile, My Saved, Account
 * Settings, Log Out. Signed out: the sign-in offer.
 */
export function AccountMenu() {
  const { viewer, googleEnabled } = useSession();
  return (
    <Dropdown.Root>
      <Dropdown.Trigger className="avatar-button" aria-label="Account menu">
        {viewer ? (
          <ViewerAvatar viewer={viewer} />
        ) : (
          <span className="avatar avatar--empty">
            <UserIcon width={20} height={20} />
          </span>
        )}
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content className="menu" align="end" sideOffset={8}>
          {viewer ? (
            <>
              <Dropdown.Item asChild className={`menu__item ${styles.item}`}>
                <Link to={`/${viewer.username}`}>
                  <ViewerAvatar viewer={viewer} size={36} />
                  <span className={styles.itemText}>
                    <span className={styles.name}>{shortName(viewer)}</span>
                    <span className={styles.itemHint}>@{viewer.username}</span>
                  </span>
                </Link>
              </Dropdown.Item>
              <Dropdown.Separator className={styles.separator} />
              <Dropdown.Item asChild className={`menu__item ${styles.item}`}>
                <Link to="/saved">
                  <BookmarkIcon className={styles.itemIcon} width={20} height={20} />
                  {MESSAGES.signIn.mySaved}
                </Link>
              </Dropdown.Item>
              <Dropdown.Item asChild className={`menu__item ${styles.item}`}>
                <Link to="/settings/account">
                  <SlidersIcon className={styles.itemIcon} width={20} height={20} />
                  {MESSAGES.settingsAccountSettings}
                </Link>
              </Dropdown.Item>
              <Dropdown.Item asChild className={`menu__item ${styles.item}`}>
                <Link to="/logout">
                  <LogOutIcon className={styles.itemIcon} width={20} height={20} />
                  {MESSAGES.settingsLogOut}
                </Link>
              </Dropdown.Item>
            </>
          ) : (
            <>
              <div className="menu__header">
                <p className="menu__title">{MESSAGES.logInSignUp}</p>
                <p className="menu__subtitle">{MESSAGES.takesSeconds}</p>
              </div>
              {googleEnabled ? (
                <Dropdown.Item
                  className={`menu__item ${styles.googleItem}`}
                  onSelect={() => window.location.assign('/api/auth/google/start')}
                >
                  <GoogleIcon width={18} height={18} />
                  {MESSAGES.signIn.continueWithGoogle}
                </Dropdown.Item>
              ) : null}
              <Dropdown.Item asChild className={`menu__item menu__item--primary ${styles.item}`}>
                <Link to="/login">
                  <MailIcon width={18} height={18} />
                  {MESSAGES.continueWithEmail}
                </Link>
              </Dropdown.Item>
            </>
          )}
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}
