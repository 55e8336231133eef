import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAMPUSES, SCHOOLS } from '@common/campuses';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/schemas/posts';
import {
  DESKTOP,
  maybeScreenshot,
  MOBILE,
  nextFrames,
  openPage,
  serverAndBrowser,
} from './harness';
import { codeFor, PASSWORD, postJson, schoolVerifiedStudent, tag } from './students';

const env = serverAndBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const queryOf = (page: Page) => new URL(page.url()).searchParams.get('q');
const hostOf = (page: Page) => new URL(page.url()).host;

/** The finder's search field and its list of schools. */
function finder(page: Page) {
  return {
    field: page.getByRole('combobox', { name: 'Search by school, city or short name' }),
    schools: page.getByRole('listbox', { name: 'Schools' }).getByRole('option'),
    selected: page.getByRole('option', { selected: true }),
  };
}

/** The welcome page's ways in ("View / Find / Join Your Campus") shown: label and target. */
async function waysIn(page: Page): Promise<[string, string | null][]> {
  const main = page.getByRole('main');
  const found: [string, string | null][] = [];
  for (const label of [MESSAGES.viewYourCampus, MESSAGES.findYourCampus, MESSAGES.joinYourCampus]) {
    for (const link of await main.getByRole('link', { name: label, exact: true }).all()) {
      found.push([label, await link.getAttribute('href')]);
    }
  }
  return found;
}

describe('welcome page (generic campus)', () => {
  it('offers a guest "Join Your Campus", how it works, the features and an FAQ that opens on click', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('campus', '/home'));
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1 }).waitFor();

    expect(await waysIn(page)).toEqual([[MESSAGES.joinYourCampus, '/user_registration']]);

    const how = main.getByRole('region', { name: 'How it works' });
    expect(await how.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await how.getByText('Verify with your .edu e-mail').waitFor();

    const features = main.getByRole('region', { name: 'Everything you need to buy and sell' });
    for (const feature of ['Photos and videos', 'Direct messages', 'Notifications']) {
      await features.getByRole('heading', { name: feature }).waitFor();
    }

    const faq = main.getByRole('region', { name: 'Questions and answers' });
    const answer = faq.getByText('Yes. Joining, posting, commenting and messaging cost nothing.');
    expect(await answer.isVisible()).toBe(false);
    await faq.getByText('Is it free?').click();
    await answer.waitFor({ state: 'visible' });
    // Another question's answer stays closed.
    expect(await faq.getByText(/^In person\. Agree on the price/).isVisible()).toBe(false);
    await faq.getByText('Is it free?').click();
    await answer.waitFor({ state: 'hidden' });

    await maybeScreenshot(page, 'welcome-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers a signed-in student without a school "Find Your Campus" only', async () => {
    const { context, page, errors } = await openPage(env.browser);
    const email = `finn-${tag()}@example.com`;
    await page.goto(env.server.url('campus', '/settings/about'));
    const body = { name: 'Finn Lowe', email, password: PASSWORD, terms: true };
    expect(await postJson(page, '/api/auth/register', body)).toBe(201);
    expect(await postJson(page, '/api/verification/code', {})).toBe(200);
    const code = await codeFor(env.server, email);
    expect(await postJson(page, '/api/verification/verify', { code })).toBe(200);

    await page.goto(env.server.url('campus', '/home'));
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    expect(await waysIn(page)).toEqual([[MESSAGES.findYourCampus, '/search_schools']]);
    await page.getByRole('main').getByRole('link', { name: MESSAGES.findYourCampus }).click();
    await expect.poll(() => pathOf(page)).toBe('/search_schools');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers a school-verified student "View Your Campus" only, which opens their own campus\'s site signed in', async () => {
    const { context, page, errors, email } = await schoolVerifiedStudent(
      env.server,
      env.browser,
      'Vera Moss',
      DESKTOP,
      'ut',
    );
    // Sessions are per site: sign in on the generic one too.
    await page.goto(env.server.url('campus', '/settings/about'));
    expect(await postJson(page, '/api/auth/login', { email, password: PASSWORD })).toBe(200);

    await page.goto(env.server.url('campus', '/home'));
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    const ways = await waysIn(page);
    expect(ways.map(([label]) => label)).toEqual([MESSAGES.viewYourCampus]);
    await page.getByRole('main').getByRole('link', { name: MESSAGES.viewYourCampus }).click();
    await expect.poll(() => hostOf(page)).toBe(`ut.localhost:${env.server.port}`);
    await expect.poll(() => pathOf(page)).toBe('/home');
    // Arrived signed in: the feed with its composer, not the private screen.
    await page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a school's card opens that campus's own site", async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('campus', '/home'));
    const grid = page.getByRole('region', { name: 'Pick your campus' });
    for (const school of SCHOOLS) {
      await grid.getByRole('link', { name: school.productName }).waitFor();
    }
    await grid.getByRole('link', { name: CAMPUSES.ucla.productName }).click();
    await expect.poll(() => hostOf(page)).toBe(`ucla.localhost:${env.server.port}`);
    await expect.poll(() => page.title()).toBe(CAMPUSES.ucla.productName);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('school finder', () => {
  it('lists the seven schools and narrows them as you type, keeping the query in the URL', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('campus', '/search_schools'));
    const { field, schools } = finder(page);
    await expect.poll(() => schools.count()).toBe(SCHOOLS.length);
    expect(await schools.allInnerTexts()).toEqual(
      SCHOOLS.map((school) => expect.stringContaining(school.schoolName)),
    );

    await field.pressSequentially('texas', { delay: 40 });
    await expect.poll(() => queryOf(page)).toBe('texas');
    await expect.poll(() => schools.count()).toBe(2);
    const names = await schools.allInnerTexts();
    expect(names[0]).toContain(CAMPUSES.ut.schoolName);
    expect(names[1]).toContain(CAMPUSES.smu.schoolName);

    // Clearing the field shows every school again and drops ?q.
    await field.fill('');
    await expect.poll(() => schools.count()).toBe(SCHOOLS.length);
    await expect.poll(() => queryOf(page)).toBe(null);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("arrow keys move the highlight and Enter opens the highlighted school's site", async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('campus', '/search_schools?q=texas'));
    const { field, schools, selected } = finder(page);
    await expect.poll(() => field.inputValue()).toBe('texas');
    await expect.poll(() => schools.count()).toBe(2);

    // The first match is highlighted as soon as there is a query.
    await expect.poll(() => selected.innerText()).toContain(CAMPUSES.ut.schoolName);
    await field.press('ArrowDown');
    await expect.poll(() => selected.innerText()).toContain(CAMPUSES.smu.schoolName);
    await field.press('ArrowUp');
    await expect.poll(() => selected.innerText()).toContain(CAMPUSES.ut.schoolName);
    await field.press('ArrowUp'); // wraps around to the last one
    await expect.poll(() => selected.innerText()).toContain(CAMPUSES.smu.schoolName);
    expect(await field.getAttribute('aria-activedescendant')).toBe(
      await selected.getAttribute('id'),
    );

    await field.press('Enter');
    await expect.poll(() => hostOf(page)).toBe(`smu.localhost:${env.server.port}`);
    expect(page.url().startsWith(env.server.url('smu', '/'))).toBe(true);
    await expect.poll(() => page.title()).toBe(CAMPUSES.smu.productName);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says exactly that nothing matched', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('campus', '/search_schools'));
    const { field, schools } = finder(page);
    await expect.poll(() => schools.count()).toBe(SCHOOLS.length);
    await field.fill('zzz');
    await expect.poll(() => queryOf(page)).toBe('zzz');
    await page
      .getByRole('main')
      .getByText(MESSAGES.noResultsFor('zzz'), { exact: true })
      .first()
      .waitFor();
    expect(MESSAGES.noResultsFor('zzz')).toBe('No results for "zzz"');
    await expect.poll(() => schools.count()).toBe(0);
    // Screen readers hear the same words.
    expect(await page.getByRole('status').textContent()).toBe(MESSAGES.noResultsFor('zzz'));
    // Enter with nothing highlighted stays here (a school would open at once).
    await field.press('Enter');
    await nextFrames(page);
    expect(hostOf(page)).toBe(`campus.localhost:${env.server.port}`);
    expect(pathOf(page)).toBe('/search_schools');
    await maybeScreenshot(page, 'search-schools-empty');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the generic site's top-bar search leads to the school finder and fills it", async () => {
    const { context, page, errors } = await openPage(env.browser, DESKTOP);
    await page.goto(env.server.url('campus', '/home'));
    const topSearch = page
      .getByRole('banner')
      .getByRole('searchbox', { name: MESSAGES.searchSchools });
    await topSearch.click();
    await expect.poll(() => pathOf(page)).toBe('/search_schools');
    const { field, schools } = finder(page);
    await expect.poll(() => schools.count()).toBe(SCHOOLS.length);

    // Searching from the top bar while on the finder puts the query in the finder.
    await topSearch.fill('duke');
    await topSearch.press('Enter');
    await expect.poll(() => queryOf(page)).toBe('duke');
    await expect.poll(() => field.inputValue()).toBe('duke');
    await expect.poll(() => schools.count()).toBe(1);
    expect(await schools.innerText()).toContain(CAMPUSES.duke.schoolName);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the bottom bar search opens the finder', async () => {
    const { context, page, errors } = await openPage(env.browser, MOBILE);
    await page.goto(env.server.url('campus', '/home'));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Search schools' })
      .click();
    await expect.poll(() => pathOf(page)).toBe('/search_schools');
    await expect.poll(() => finder(page).schools.count()).toBe(SCHOOLS.length);
    expect(errors).toEqual([]);
    await context.close();
  });
});
