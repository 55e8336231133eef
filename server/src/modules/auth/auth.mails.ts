import type { Campus } from '@common/campuses';
import type { OutgoingMail } from '../../platform/mail';

function layout(campus: Campus, heading: string, body: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f2f3f5;font-family:Helvetica,Arial,sans-serif;color:#1c1e21">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${campus.theme.primary};color:${campus.theme.onPrimary};padding:18px 24px;font-size:20px;font-weight:800">${escape(campus.productName)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 12px">${escape(heading)}</h1>${body}</td></tr>
<tr><td style="padding:16px 24px;color:#8a9099;font-size:12px">You get this e-mail because someone used this address on ${escape(campus.productName)}. If it wasn't you, you can ignore it.</td></tr>
</table></td></tr></table></body></html>`;
}

function button(href: string, label: string): string {
  return `<p style="margin:20px 0"><a href="${escape(href)}" style="display:inline-block;background:#1c1e21;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:999px">${escape(label)}</a></p>
<p style="font-size:13px;color:#5b616b">Or paste this link into your browser:<br><span style="word-break:break-all">${escape(href)}</span></p>`;
}

function escape(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Subject per spec core §7: "{code} is your {campus} Buy / Sell verification code". */
export function verificationCodeMail(campus: Campus, to: string, code: string): OutgoingMail {
  return {
    to,
    subject: `${code} is your ${campus.name} Buy / Sell verification code`,
    html: layout(
      campus,
      'Your verification code',
      `<p>Enter this code to verify your e-mail address:</p><p style="font-size:34px;font-weight:800;letter-spacing:8px;margin:16px 0">${code}</p><p style="color:#5b616b">The code is valid for 2 hours.</p>`,
    ),
    text: `${code} is your ${campus.name} Buy / Sell verification code.\n\nEnter it to verify your e-mail address. The code is valid for 2 hours.`,
  };
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
  return {
    to,
    subject: action,
    html: layout(
      campus,
      action,
      `<p>Use this link within 1 hour. It works once.</p>${button(link, registering ? 'Create my account' : 'Log in')}`,
    ),
    text: `${action}:\n\n${link}\n\nThe link works once, within 1 hour.`,
  };
}

export function passwordResetMail(campus: Campus, to: string, link: string): OutgoingMail {
  return {
    to,
    subject: `Reset your ${campus.productName} password`,
    html: layout(
      campus,
      'Reset your password',
      `<p>Choose a new password with this link within 1 hour. It works once.</p>${button(link, 'Choose a new password')}`,
    ),
    text: `Reset your ${campus.productName} password:\n\n${link}\n\nThe link works once, within 1 hour.`,
  };
}
