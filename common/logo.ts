import type { Campus } from './campuses';
import { escapeHtml } from './text';

/**
 * The campus wordmark as an SVG document: a rounded tile in the campus colour
 * with its short name. Used for the header logo, the favicon and e-mails.
 */
export function campusLogoSvg(campus: Pick<Campus, 'name' | 'theme'>, size = 64): string {
  const label = campus.name.length > 4 ? campus.name.slice(0, 1) : campus.name;
  const fontSize = label.length <= 2 ? 30 : label.length === 3 ? 23 : 18;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64" role="img" aria-label="${escapeHtml(campus.name)}">`,
    `<rect width="64" height="64" rx="16" fill="${campus.theme.primary}"/>`,
    `<rect x="6" y="46" width="52" height="5" rx="2.5" fill="${campus.theme.accent}" opacity="0.9"/>`,
    `<text x="32" y="38" text-anchor="middle" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif" font-weight="800" font-size="${fontSize}" fill="${campus.theme.onPrimary}" letter-spacing="-0.5">${escapeHtml(label)}</text>`,
    `</svg>`,
  ].join('');
}
