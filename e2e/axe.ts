/** axe-core, the engine behind Lighthouse's accessibility score, run inside a page: every WCAG 2.2 A and AA rule (axe has no wcag22a tag: 2.2 added no A rule it checks) plus best practices. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') does not govern.
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface Violation {
  id: string;
  help: string;
  nodes: Array<{ target: string[]; html: string }>;
}

/** What axe finds on the page, or only inside `within` (a CSS selector). */
export async function violations(page: Page, within?: string): Promise<string[]> {
  // Colours are judged as they settle, not halfway through a dialog's fade-in.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  await page.evaluate(axeSource);
  const found = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as { axe: { run(context: object, options: object): Promise<unknown> } }
    ).axe;
    const result = (await axe.run(selector ? { include: [selector] } : document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    })) as { violations: Violation[] };
    return result.violations;
  }, within);
  return found.map(
    (v) =>
      `${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
  );
}
