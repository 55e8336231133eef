import type { Campus } from '@common/campuses';
import { escapeHtml } from '@common/text';

/**
 * Every Quad e-mail: the campus's name on its colour, a heading, the body and
 * a grey footer line (why this mail came, or how to stop it). Footer is HTML.
 */
export function brandedMail(
  campus: Campus,
  heading: string,
  body: string,
  footer = `You get this e-mail because someone used this address on ${escapeHtml(campus.productName)}. If it wasn't you, you can ignore it.`,
): string {
  return `<!doctype html><html><body style="margin:0;background:#f2f3f5;font-family:Helvetica,Arial,sans-serif;color:#1c1e21">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${campus.theme.primary};color:${campus.theme.onPrimary};padding:18px 24px;font-size:20px;font-weight:800">${escapeHtml(campus.productName)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(heading)}</h1>${body}</td></tr>
<tr><td style="padding:16px 24px;color:#8a9099;font-size:12px">${footer}</td></tr>
</table></td></tr></table></body></html>`;
}

/** A call-to-action button with the link written out below it. */
export function mailButton(href: string, label: string): string {
  return `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#1c1e21;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:999px">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#5b616b">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(href)}</span></p>`;
}
