import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES, type PostDto } from '@common/schemas/posts';
import {
  DESKTOP,
  maybeScreenshot,
  MOBILE,
  openPage,
  requestsHeard,
  serverAndBrowser,
} from './harness';
import {
  codeFor,
  followInApp,
  PASSWORD,
  pathOf,
  postJson,
  schoolVerifiedStudent,
  sendJson,
  tag,
} from './students';

/**
 * The permission prompts of the shell (docs/product/README.md, Roles): what a
 * guest, a student whose school e-mail is not verified yet, and a member see
 * when they reach for a gated action.
 */

const env = serverAndBrowser();

/**
 * The auth prompt's words per action, written out rather than imported, so a
 * changed word fails here.
 */
const SPEC_AUTH_PROMPT = {
  post: 'Create a post.',
  message: 'Join Group so you can message privately.',
  join: 'Join Your Campus',
} as const;
const SCHOOL_EMAIL_PATH = '/settings/account/school_email';

/** The one open dialog, by its title; the title must be exactly `title`. */
async function promptTitled(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.waitFor();
  await dialog.getByRole('heading', { name: title, exact: true }).waitFor();
  expect(await page.getByRole('dialog').count()).toBe(1);
  return dialog;
}

/** The guest prompt: its title, and the two ways in (Log In / Sign Up, Continue with Email). */
async function authPrompt(page: Page, title: string): Promise<Locator> {
  const dialog = await promptTitled(page, title);
  expect(await dialog.getByRole('link', { name: 'Log In / Sign Up' }).getAttribute('href')).toBe(
    '/user_registration',
  );
  expect(await dialog.getByRole('link', { name: 'Continue with Email' }).getAttribute('href')).toBe(
    '/login',
  );
  return dialog;
}

/** The school-verification prompt: the variant's title and "Verify Account" to the school e-mail page. */
async function schoolPrompt(
  page: Page,
  variant: keyof typeof MESSAGES.schoolVerifyPrompt,
): Promise<Locator> {
  const dialog = await promptTitled(page, MESSAGES.schoolVerifyPrompt[variant]);
  expect(await dialog.getByRole('link', { name: 'Verify Account' }).getAttribute('href')).toBe(
    SCHOOL_EMAIL_PATH,
  );
  expect(await dialog.getByRole('link', { name: 'Log In / Sign Up' }).count()).toBe(0);
  return dialog;
}

/** Escape closes the prompt and gives the focus back to what opened it. */
async function escapeCloses(page: Page, dialog: Locator, opener?: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await page.getByRole('dialog').count()).toBe(0);
  if (opener) {
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  }
}

const sidebar = (page: Page) => page.locator('.sidebar');
const mobileBar = (page: Page) => page.locator('.mobilebar');
const postArticle = (page: Page) => page.getByRole('article', { name: /^Post by / });
const commentArticle = (page: Page) => page.getByRole('article', { name: /^Comment by / });

let shared: Promise<{ postId: string; commentText: string }> | undefined;

/**
 * The post page the others open: a UT member's post with one comment, made
 * through the API the first time a test asks (expect.poll needs a test).
 */
function thePost(): Promise<{ postId: string; commentText: string }> {
  shared ??= (async () => {
    const author = await schoolVerifiedStudent(env.server, env.browser, 'Riley Chen');
    const created = await sendJson<PostDto>(author.page, '/api/posts', {
      text: `Mini fridge, works great ${tag()}`,
      mediaIds: [],
    });
    expect(created.status).toBe(201);
    const commentText = `Still available? ${tag()}`;
    const comment = await sendJson<PostDto>(author.page, '/api/posts', {
      text: commentText,
      parentId: created.json.id,
      mediaIds: [],
    });
    expect(comment.status).toBe(201);
    await author.context.close();
    return { postId: created.json.id, commentText };
  })();
  return shared;
}

describe('a guest reaching for a gated action', () => {
  it('desktop: Create Post, Join Group and Messages open the auth prompt with its words; its links and Escape work', async () => {
    const { postId, commentText } = await thePost();
    const { context, page, errors } = await openPage(env.browser, DESKTOP);
    await page.goto(env.server.url('ut', '/home'));
    await page.getByRole('heading', { name: MESSAGES.privateCommunity }).waitFor();

    // Create Post in the sidebar: "Create a post.", no composer.
    const createPost = sidebar(page).getByRole('button', { name: 'Create Post' });
    await createPost.click();
    let dialog = await authPrompt(page, SPEC_AUTH_PROMPT.post);
    expect(await page.getByRole('dialog', { name: 'Create Post', exact: true }).count()).toBe(0);
    await maybeScreenshot(page, 'gates-guest-post');
    await escapeCloses(page, dialog, createPost);

    // The keyboard alone: Enter on the focused button opens it again, Escape closes it.
    await createPost.focus();
    await page.keyboard.press('Enter');
    dialog = await authPrompt(page, SPEC_AUTH_PROMPT.post);
    await escapeCloses(page, dialog, createPost);

    // Log In / Sign Up leads to the auth chooser.
    await createPost.click();
    dialog = await authPrompt(page, SPEC_AUTH_PROMPT.post);
    await dialog.getByRole('link', { name: 'Log In / Sign Up' }).click();
    await expect.poll(() => pathOf(page)).toBe('/user_registration');
    await dialog.waitFor({ state: 'detached' });

    // Join Group on the private community screen: "Join Your Campus".
    await page.goto(env.server.url('ut', '/home'));
    const join = page.getByRole('main').getByRole('button', { name: 'Join Group' });
    await join.click();
    dialog = await authPrompt(page, SPEC_AUTH_PROMPT.join);
    await escapeCloses(page, dialog, join);
    await join.click();
    dialog = await authPrompt(page, SPEC_AUTH_PROMPT.join);
    await dialog.getByRole('link', { name: 'Continue with Email' }).click();
    await expect.poll(() => pathOf(page)).toBe('/login');
    await dialog.waitFor({ state: 'detached' });

    // Messages in the sidebar: guests cannot message, so the prompt, not the inbox.
    await page.goto(env.server.url('ut', '/home'));
    const messages = sidebar(page).getByRole('link', { name: 'Messages' });
    await messages.click();
    dialog = await authPrompt(page, SPEC_AUTH_PROMPT.message);
    expect(pathOf(page)).toBe('/home');
    await escapeCloses(page, dialog, messages);
    await messages.click();
    dialog = await authPrompt(page, SPEC_AUTH_PROMPT.message);
    await dialog.getByRole('link', { name: 'Log In / Sign Up' }).click();
    await expect.poll(() => pathOf(page)).toBe('/user_registration');

    // The group card's Join Group goes straight to /user_registration.
    await page.goto(env.server.url('ut', '/home'));
    await page
      .getByRole('complementary', { name: 'About this group' })
      .getByRole('link', { name: 'Join Group' })
      .click();
    await expect.poll(() => pathOf(page)).toBe('/user_registration');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // A shared post link: the private screen, whose Join Group asks the same way.
    await page.goto(env.server.url('ut', `/post/${postId}`));
    await page.getByRole('heading', { name: MESSAGES.privateCommunity }).waitFor();
    expect(await page.getByText(commentText).count()).toBe(0);
    await page.getByRole('main').getByRole('button', { name: 'Join Group' }).click();
    dialog = await authPrompt(page, SPEC_AUTH_PROMPT.join);
    await escapeCloses(page, dialog);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a shared post link says at once that the post is in the private community, with Log In and Join Group', async () => {
    const { postId } = await thePost();
    const { context, page, errors } = await openPage(env.browser);
    const isThePost = (url: string) => new URL(url).pathname === `/api/posts/${postId}`;
    const requested: string[] = [];
    const asked: number[] = [];
    page.on('request', (req) => isThePost(req.url()) && requested.push(req.url()));
    page.on('response', (res) => isThePost(res.url()) && asked.push(res.status()));
    // The page's clock, so that a minute of its timers (retries, refetches) runs at once.
    await page.clock.install();
    await page.goto(env.server.url('ut', `/post/${postId}?redirect=true`));
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: MESSAGES.privateCommunity }).waitFor();
    await main.getByText(MESSAGES.privatePost(CAMPUSES.ut.productName)).waitFor();
    // The first answer (401, signed out) is the answer: no retry, then or later.
    await page.clock.runFor(60_000);
    await requestsHeard(page);
    expect(requested).toHaveLength(1);
    expect(asked).toEqual([401]);
    expect(await main.getByRole('link', { name: MESSAGES.signIn.logIn }).getAttribute('href')).toBe(
      '/login',
    );
    await maybeScreenshot(page, 'private-post');
    await main.getByRole('button', { name: MESSAGES.joinGroup }).click();
    await authPrompt(page, SPEC_AUTH_PROMPT.join);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('phone: the bottom bar create and messages buttons open the auth prompt instead of leaving the page', async () => {
    const { context, page, errors } = await openPage(env.browser, MOBILE);
    await page.goto(env.server.url('ut', '/home'));
    await page.getByRole('heading', { name: MESSAGES.privateCommunity }).waitFor();
    expect(await sidebar(page).isVisible()).toBe(false);

    const create = mobileBar(page).getByRole('link', { name: 'Create post' });
    await create.tap();
    let dialog = await authPrompt(page, SPEC_AUTH_PROMPT.post);
    expect(pathOf(page)).toBe('/home');
    await maybeScreenshot(page, 'gates-guest-post-mobile');
    await escapeCloses(page, dialog);
    expect(pathOf(page)).toBe('/home');

    const messages = mobileBar(page).getByRole('link', { name: 'Messages' });
    await messages.tap();
    dialog = await authPrompt(page, SPEC_AUTH_PROMPT.message);
    expect(pathOf(page)).toBe('/home');
    await escapeCloses(page, dialog);

    await create.tap();
    dialog = await authPrompt(page, SPEC_AUTH_PROMPT.post);
    await dialog.getByRole('link', { name: 'Continue with Email' }).tap();
    await expect.poll(() => pathOf(page)).toBe('/login');
    expect(await page.getByRole('dialog').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a signed-in student whose school e-mail is not verified yet', () => {
  it('gets the school-verification prompt for posting, messaging, commenting, replying and saving', async () => {
    const { postId, commentText } = await thePost();
    const { context, page, errors } = await openPage(env.browser, DESKTOP);
    const email = `jordan-${tag()}@example.com`;
    await page.goto(env.server.url('ut', '/settings/about'));
    expect(
      await postJson(page, '/api/auth/register', {
        name: 'Jordan Blake',
        email,
        password: PASSWORD,
        terms: true,
      }),
    ).toBe(201);
    expect(await postJson(page, '/api/verification/code', {})).toBe(200);
    expect(
      await postJson(page, '/api/verification/verify', { code: await codeFor(env.server, email) }),
    ).toBe(200);

    // The first page of the visit is the school e-mail page.
    await page.goto(env.server.url('ut', '/home'));
    await expect.poll(() => pathOf(page)).toBe(SCHOOL_EMAIL_PATH);

    // Create Post: the post variant, no composer, and no guest prompt.
    const createPost = sidebar(page).getByRole('button', { name: 'Create Post' });
    await createPost.click();
    let dialog = await schoolPrompt(page, 'post');
    await maybeScreenshot(page, 'gates-school-post');
    await escapeCloses(page, dialog, createPost);

    // Messages: the message variant, the page stays.
    const messages = sidebar(page).getByRole('link', { name: 'Messages' });
    await messages.click();
    dialog = await schoolPrompt(page, 'message');
    expect(pathOf(page)).toBe(SCHOOL_EMAIL_PATH);
    await escapeCloses(page, dialog, messages);

    // The post page: readable, but commenting, replying and saving ask for the school e-mail.
    await followInApp(page, `/post/${postId}`);
    const post = postArticle(page);
    await post.waitFor();
    await page.getByText(commentText).waitFor();

    const comment = post.getByRole('button', { name: 'Comment', exact: true });
    await comment.click();
    dialog = await schoolPrompt(page, 'comment');
    await escapeCloses(page, dialog, comment);

    const reply = commentArticle(page).getByRole('button', { name: 'Reply', exact: true });
    await reply.click();
    dialog = await schoolPrompt(page, 'comment');
    await escapeCloses(page, dialog, reply);
    expect(await page.getByRole('form', { name: /^Reply to / }).count()).toBe(0);

    const box = page.getByRole('textbox', { name: POST_MESSAGES.commentPlaceholder });
    await box.fill('Is it still available?');
    await page
      .getByRole('form', { name: POST_MESSAGES.commentPlaceholder })
      .getByRole('button', { name: 'Reply' })
      .click();
    dialog = await schoolPrompt(page, 'comment');
    await escapeCloses(page, dialog);

    // Saving is liking: members only, so the school prompt, and nothing saved.
    const save = post.getByRole('button', { name: /^Save/ });
    await save.click();
    dialog = await schoolPrompt(page, 'like');
    await escapeCloses(page, dialog, save);
    expect(await save.getAttribute('aria-pressed')).toBe('false');
    expect(await post.getByTestId('save-count').innerText()).toBe('0');
    // Nothing was sent: the one comment is the author's, the draft stays in the box.
    expect(await commentArticle(page).count()).toBe(1);
    expect(await box.inputValue()).toBe('Is it still available?');

    // Verify Account leads to the school e-mail page.
    await save.click();
    dialog = await schoolPrompt(page, 'like');
    await dialog.getByRole('link', { name: 'Verify Account' }).click();
    await expect.poll(() => pathOf(page)).toBe(SCHOOL_EMAIL_PATH);
    await dialog.waitFor({ state: 'detached' });

    // On a phone the bottom bar's create button asks the same, without leaving the page.
    await page.setViewportSize(MOBILE);
    await mobileBar(page).getByRole('link', { name: 'Create post' }).click();
    dialog = await schoolPrompt(page, 'post');
    expect(pathOf(page)).toBe(SCHOOL_EMAIL_PATH);
    await escapeCloses(page, dialog);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a school-verified student', () => {
  it('posts, comments, replies, saves and opens messages without any prompt', async () => {
    const { postId, commentText } = await thePost();
    const { context, page, errors } = await schoolVerifiedStudent(
      env.server,
      env.browser,
      'Morgan Diaz',
    );
    await page.goto(env.server.url('ut', `/post/${postId}`));
    const post = postArticle(page);
    await post.waitFor();
    await page.getByText(commentText).waitFor();

    // Comment puts the cursor in the comment box.
    await post.getByRole('button', { name: 'Comment', exact: true }).click();
    const box = page.getByRole('textbox', { name: POST_MESSAGES.commentPlaceholder });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Reply opens the reply box under the comment.
    await commentArticle(page).getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByRole('form', { name: /^Reply to / }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Save saves.
    const save = post.getByRole('button', { name: /^Save/ });
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    await post.getByText(POST_MESSAGES.saved).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Create Post opens the composer, not a prompt.
    await sidebar(page).getByRole('button', { name: 'Create Post' }).click();
    const composer = page.getByRole('dialog', { name: 'Create Post', exact: true });
    await composer.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    await page.keyboard.press('Escape');
    await composer.waitFor({ state: 'detached' });

    // Messages follows its link.
    await sidebar(page).getByRole('link', { name: 'Messages' }).click();
    await expect.poll(() => pathOf(page)).toBe('/messages');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // On a phone the bottom bar's create button opens the /create/post page.
    await page.goto(env.server.url('ut', '/home'));
    await page.setViewportSize(MOBILE);
    await mobileBar(page).getByRole('link', { name: 'Create post' }).click();
    await expect.poll(() => pathOf(page)).toBe('/create/post');
    expect(await page.getByRole('dialog').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
