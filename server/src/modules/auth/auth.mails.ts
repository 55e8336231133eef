import type { Campus } from '@common/campuses';
import type { OutgoingMail } from '../../platform/mail';
import { campusMail, mailButton } from '../../platform/mail/branded';

/** Subject: "{code} is your {campus} Buy / Sell verification code". */
export function verificationCodeMail(campus: Campus, to: string, code: string): OutgoingMail {
  return campusMail(campus, {
    to,
    subject: `${code} is your ${campus.name} Buy / Sell verification code`,
    heading: 'Your verification code',
    html: `<p>Enter this code to verify your e-mail address:</p><p style="font-size:34px;font-weight:800;letter-spacing:8px;margin:16px 0">${code}</p><p style="color:#5b616b">The code is valid for 2 hours.</p>`,
    text: `${code} is your ${campus.name} Buy / Sell verification code.\n\nEnter it to verify your e-mail address. The code is valid for 2 hours.`,
  });
}

export function magicLinkMail(
  campus: Campus,
  to: string,
  link: string,
  registering: boolean,
): OutgoingMail {
  const action = registering
    ? `Finish joining ${campus.productName}`
    : `Log in to ${campus.productName}`;
  return campusMail(campus, {
    to,
    subject: action,
    heading: action,
    html: `<p>Use this link within 1 hour. It works once.</p>${mailButton(link, registering ? 'Create my account' : 'Log in')}`,
    text: `${action}:\n\n${link}\n\nThe link works once, within 1 hour.`,
  });
}

export function passwordResetMail(campus: Campus, to: string, link: string): OutgoingMail {
  return campusMail(campus, {
    to,
    subject: `Reset your ${campus.productName} password`,
    heading: 'Reset your password',
    html: `<p>Choose a new password with this link within 1 hour. It works once.</p>${mailButton(link, 'Choose a new password')}`,
    text: `Reset your ${campus.productName} password:\n\n${link}\n\nThe link works once, within 1 hour.`,
  });
}
