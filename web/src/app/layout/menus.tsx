import * as Dropdown from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@common/messages';
import type { Viewer } from '@common/schemas/auth';
import { DASHBOARD_MESSAGES } from '@common/words/dashboard';
import { MODERATION_MESSAGES } from '@common/words/moderation';
import { ADMIN_PATH, MODERATION_PATH } from '../../components/gates/paths';
import { Avatar } from '../../components/ui/Avatar';
import {
  BookmarkIcon,
  ChartIcon,
  GoogleIcon,
  LogOutIcon,
  MailIcon,
  ShieldIcon,
  SlidersIcon,
  UserCircleIcon,
} from '../../components/ui/Icons';
import styles from './AccountMenu.module.css';
import { shortName } from './short-name';

/**
 * The shell's dropdowns, loaded after the first paint (DeferredMenu.tsx).
 * `face` is what the trigger shows; `defaultOpen` opens a menu whose trigger
 * was clicked before this code arrived.
 */
interface MenuProps {
  face: ReactNode;
  defaultOpen: boolean;
}

/** A menu entry that is a link, with its icon. */
function MenuLink({
  to,
  icon: Icon,
  children,
}: {
  to: string;
  icon: typeof SlidersIcon;
  children: ReactNode;
}) {
  return (
    <Dropdown.Item asChild className={`menu__item ${styles.item}`}>
      <Link to={to}>
        <Icon className={styles.itemIcon} width={20} height={20} />
        {children}
      </Link>
    </Dropdown.Item>
  );
}

/**
 * The entries both account menus end with: Moderation for the campus's
 * moderators (ADR 025, 050), Dashboard for the operators (ADR 055), Account
 * Settings, Log Out.
 */
function SettingsAndLogOut({ viewer }: { viewer: Viewer }) {
  return (
    <>
      {viewer.moderator ? (
        <MenuLink to={MODERATION_PATH} icon={ShieldIcon}>
          {MODERATION_MESSAGES.moderation}
        </MenuLink>
      ) : null}
      {viewer.admin ? (
        <MenuLink to={ADMIN_PATH} icon={ChartIcon}>
          {DASHBOARD_MESSAGES.menu}
        </MenuLink>
      ) : null}
      <MenuLink to="/settings/account" icon={SlidersIcon}>
        {MESSAGES.settingsAccountSettings}
      </MenuLink>
      <MenuLink to="/logout" icon={LogOutIcon}>
        {MESSAGES.settingsLogOut}
      </MenuLink>
    </>
  );
}

/**
 * The avatar dropdown. Signed in: profile, My Saved, Account
 * Settings, Log Out. Signed out: the sign-in offer.
 */
export function AccountDropdown({
  face,
  label,
  defaultOpen,
  viewer,
  googleEnabled,
}: MenuProps & { label: string; viewer: Viewer | null; googleEnabled: boolean }) {
  return (
    <Dropdown.Root defaultOpen={defaultOpen}>
      <Dropdown.Trigger className="avatar-button" aria-label={label}>
        {face}
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content className="menu" align="end" sideOffset={8}>
          {viewer ? (
            <>
              <Dropdown.Item asChild className={`menu__item ${styles.item}`}>
                <Link to={`/${viewer.username}`}>
                  <Avatar person={viewer} size={36} />
                  <span className={styles.itemText}>
                    <span className={styles.name}>{shortName(viewer)}</span>
                    <span className={styles.itemHint}>@{viewer.username}</span>
                  </span>
                </Link>
              </Dropdown.Item>
              <Dropdown.Separator className={styles.separator} />
              <MenuLink to="/saved" icon={BookmarkIcon}>
                {MESSAGES.signIn.mySaved}
              </MenuLink>
              <SettingsAndLogOut viewer={viewer} />
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

/** The sidebar's profile menu: View Profile, Account Settings, Log Out. */
export function ProfileDropdown({
  face,
  defaultOpen,
  viewer,
  className,
  label,
}: MenuProps & { viewer: Viewer; className: string; label: string }) {
  return (
    <Dropdown.Root defaultOpen={defaultOpen}>
      <Dropdown.Trigger className={className} aria-label={label}>
        {face}
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content className="menu" side="top" align="start" sideOffset={8}>
          <MenuLink to={`/${viewer.username}`} icon={UserCircleIcon}>
            {MESSAGES.signIn.viewProfile}
          </MenuLink>
          <SettingsAndLogOut viewer={viewer} />
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}
