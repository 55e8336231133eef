import type { ComponentType, SVGProps } from 'react';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '@common/messages';
import { BLOCK_MESSAGES } from '@common/schemas/blocks';
import { NOTIFICATION_SETTINGS_TEXT } from '@common/schemas/notification-settings';
import { PAYMENTS_MESSAGES } from '@common/schemas/payments';
import {
  BellIcon,
  BlockIcon,
  CashIcon,
  ChevronRightIcon,
  CompassIcon,
  DocumentIcon,
  InfoCircleIcon,
  KeyholeIcon,
  LifebuoyIcon,
  LogOutIcon,
  MessageHeartIcon,
  ReturnIcon,
  SearchIcon,
  ShieldCheckIcon,
  ShieldIcon,
  SlidersIcon,
  UserCircleIcon,
} from '../../../components/ui/Icons';
import { MODERATION_PATH } from '../../../components/gates/paths';
import { useViewer } from '../../../lib/session';
import { EmailAlertsSwitch } from './EmailAlertsSwitch';
import styles from './SettingsMenu.module.css';

interface MenuItem {
  to: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Other paths that show this item as current (aliases and sub-pages). */
  alsoActiveOn?: string[];
  /** Shows this item as current on every page below it too. */
  activeBelow?: boolean;
  hint?: string;
  emphasis?: boolean;
}

interface MenuSection {
  id: string;
  title?: string;
  items: MenuItem[];
}

/** The /settings menu, signed in or out. */
function menuSections(signedIn: boolean, moderator = false): MenuSection[] {
  const sections: MenuSection[] = [
    {
      id: 'account',
      title: MESSAGES.settingsAccountInfo,
      items: signedIn
        ? [
            {
              to: '/settings/account',
              label: MESSAGES.settingsAccountSettings,
              Icon: SlidersIcon,
              activeBelow: true,
            },
            // Push on this device (ADR 058), each kind of notification by channel, quiet hours (ADR 059).
            {
              to: '/settings/notifications',
              label: NOTIFICATION_SETTINGS_TEXT.title,
              hint: NOTIFICATION_SETTINGS_TEXT.menuHint,
              Icon: BellIcon,
            },
            { to: '/settings/payments', label: PAYMENTS_MESSAGES.title, Icon: CashIcon },
            // Saved searches and their alerts (ADR 010).
            { to: '/settings/saved-searches', label: 'Saved searches', Icon: SearchIcon },
            // Students the viewer blocked, to unblock them (ADR 024).
            { to: '/settings/blocked', label: BLOCK_MESSAGES.settingsRow, Icon: BlockIcon },
            // The campus's moderators only (ADR 025).
            ...(moderator
              ? [{ to: MODERATION_PATH, label: 'Moderation', Icon: ShieldCheckIcon }]
              : []),
          ]
        : [
            {
              to: '/user_registration',
              label: MESSAGES.logInSignUp,
              hint: MESSAGES.takesSeconds,
              Icon: UserCircleIcon,
              emphasis: true,
            },
          ],
    },
    {
      id: 'help',
      title: MESSAGES.settingsHelpFeedback,
      items: [
        { to: '/settings/help', label: MESSAGES.settingsCustomerSupport, Icon: LifebuoyIcon },
        {
          to: '/settings/feedback',
          label: MESSAGES.settingsGiveUsFeedback,
          Icon: MessageHeartIcon,
        },
      ],
    },
    {
      id: 'general',
      title: MESSAGES.settingsGeneralInfo,
      items: [
        { to: '/settings/about', label: MESSAGES.settingsAbout, Icon: InfoCircleIcon },
        { to: '/settings/howitworks', label: MESSAGES.settingsHowItWorks, Icon: CompassIcon },
        { to: '/settings/returns', label: MESSAGES.settingsReturnPolicy, Icon: ReturnIcon },
        {
          to: '/settings/trust_and_safety',
          label: MESSAGES.settingsTrustAndSafety,
          Icon: ShieldIcon,
          alsoActiveOn: ['/settings/trust'],
        },
        { to: '/settings/terms', label: MESSAGES.settingsTermsOfService, Icon: DocumentIcon },
        {
          to: '/settings/privacy',
          label: MESSAGES.settingsPrivacyPolicy,
          Icon: KeyholeIcon,
          alsoActiveOn: ['/settings/cookies'],
        },
      ],
    },
  ];
  if (signedIn) {
    sections.push({
      id: 'logout',
      items: [{ to: '/logout', label: MESSAGES.settingsLogOut, Icon: LogOutIcon }],
    });
  }
  return sections;
}

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export interface SettingsMenuProps {
  /** Signed-in visitors get "Account Settings" instead of "Log In / Sign Up", and "Log Out". */
  signedIn?: boolean;
  /** `panel`: the desktop side panel beside the open page; `page`: the whole /settings page on narrow screens. */
  variant: 'panel' | 'page';
}

/** The settings menu: Account Info, Help & Feedback and General Info. */
export function SettingsMenu({ signedIn = false, variant }: SettingsMenuProps) {
  const current = normalise(useLocation().pathname);
  const moderator = useViewer()?.moderator === true;
  const isCurrent = (item: MenuItem) =>
    current === item.to ||
    (item.activeBelow && current.startsWith(`${item.to}/`)) ||
    (item.alsoActiveOn ?? []).includes(current);

  return (
    <nav className={`${styles.menu} ${styles[variant]}`} aria-label="Settings">
      {menuSections(signedIn, moderator).map((section) => {
        const headingId = `settings-menu-${variant}-${section.id}`;
        return (
          <section
            key={section.id}
            className={styles.section}
            aria-labelledby={section.title ? headingId : undefined}
          >
            {section.title ? (
              <h2 id={headingId} className={styles.sectionTitle}>
                {section.title}
              </h2>
            ) : null}
            <ul className={styles.list}>
              {section.items.map((item) => {
                const active = isCurrent(item);
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      className={[
                        styles.item,
                        active ? styles.active : '',
                        item.emphasis ? styles.emphasis : '',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      aria-current={active ? 'page' : undefined}
                    >
                      {variant === 'page' ? (
                        <span className={styles.icon}>
                          <item.Icon width={20} height={20} />
                        </span>
                      ) : null}
                      <span className={styles.text}>
                        <span className={styles.label}>{item.label}</span>
                        {item.hint && variant === 'page' ? (
                          <span className={styles.hint}>{item.hint}</span>
                        ) : null}
                      </span>
                      {variant === 'page' ? (
                        <ChevronRightIcon className={styles.chevron} width={20} height={20} />
                      ) : null}
                    </Link>
                  </li>
                );
              })}
              {section.id === 'account' && signedIn ? (
                <li>
                  <EmailAlertsSwitch variant={variant} />
                </li>
              ) : null}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
