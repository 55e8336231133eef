import { MEETUP_SPOTS } from '@common/meetup-spots';
import type { ChatDto, MessageDto } from '@common/schemas/chats';
import {
  MEETUP_MAX_AHEAD_MS,
  MEETUP_MESSAGES,
  MEETUP_REMINDER_MS,
  type MeetupDto,
  meetupSuggestedText,
} from '@common/schemas/meetups';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import type { PostDto } from '@common/schemas/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';

/** Safer meetups (ADR 026): a listing's spot, meetups in chat, reminders. */

let t: TestContext;
let call: ReturnType<typeof callerOn>;
const school = { verified: true, school_verified: true, campus_id: 'ou' };
const HOUR = 60 * 60 * 1000;
const [police, union] = MEETUP_SPOTS.ou;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOn(t.app, 'ou', '198.76');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { ...school, ...overrides });

async function chatBetween(a: Student, b: Student): Promise<ChatDto> {
  const res = await call(a, 'POST', '/api/chats', { userId: b.user.id });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { chat: ChatDto }).chat;
}

async function propose(from: Student, chatId: string, at: number, spotId = police!.id) {
  const res = await call(from, 'POST', `/api/chats/${chatId}/meetups`, { spotId, at });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as MessageDto;
}

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { message: string } }).error;
const messagesOf = async (who: Student, chatId: string) =>
  (await call(who, 'GET', `/api/chats/${chatId}/messages`)).json().items as MessageDto[];
const notificationsOf = async (who: Student) =>
  (await call(who, 'GET', '/api/notifications')).json().items as {
    type: string;
    message: string;
    chatId: string | null;
  }[];

describe("a listing's pick-up spot", () => {
  it('is stored on the post and shown with its name on the card and the post page', async () => {
    const seller = await student();
    const res = await call(seller, 'POST', '/api/posts', { text: 'Desk, $40', spotId: union!.id });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json() as PostDto;
    expect(post.spot).toEqual({ id: union!.id, name: union!.name });
    const page = (await call(seller, 'GET', `/api/posts/${post.id}`)).json() as { post: PostDto };
    expect(page.post.spot).toEqual({ id: union!.id, name: union!.name });
    const plain = (await call(seller, 'POST', '/api/posts', { text: 'Just a lamp' })).json();
    expect((plain as PostDto).spot).toBeNull();
  });

  it("refuses a spot that is not one of the campus's, or one on a comment", async () => {
    const seller = await student();
    const unknown = await call(seller, 'POST', '/api/posts', { text: 'Desk', spotId: 'nowhere' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe(MEETUP_MESSAGES.unknownSpot);
    const otherCampus = MEETUP_SPOTS.ut[0]!.id;
    const elsewhere = await call(seller, 'POST', '/api/posts', {
      text: 'Desk',
      spotId: otherCampus,
    });
    expect(errorOf(elsewhere).message).toBe(MEETUP_MESSAGES.unknownSpot);
    const post = (await call(seller, 'POST', '/api/posts', { text: 'Lamp' })).json() as PostDto;
    const comment = await call(seller, 'POST', '/api/posts', {
      text: 'Still here',
      parentId: post.id,
      spotId: police!.id,
    });
    expect(comment.statusCode).toBe(400);
    expect(errorOf(comment).message).toBe(MEETUP_MESSAGES.spotOnComment);
  });
});

describe('suggesting a meetup in chat', () => {
  it('sends a message carrying the spot and time, which both read as proposed', async () => {
    const [seller, buyer] = [await student({ first_name: 'Sam' }), await student()];
    const chat = await chatBetween(buyer, seller);
    const at = Date.now() + 2 * 24 * HOUR;
    const message = await propose(seller, chat.id, at);
    expect(message.text).toBe(meetupSuggestedText(police!.name));
    const meetup: Omit<MeetupDto, 'can'> = {
      id: message.meetup!.id,
      spot: { id: police!.id, name: police!.name },
      at,
      status: 'proposed',
      proposerId: seller.user.id,
    };
    // The seller may cancel their suggestion; the buyer accept or decline it.
    const sellers = { accept: false, decline: false, cancel: true };
    const buyers = { accept: true, decline: true, cancel: false };
    expect(message.meetup).toEqual({ ...meetup, can: sellers });
    for (const [who, can] of [
      [seller, sellers],
      [buyer, buyers],
    ] as const)
      expect((await messagesOf(who, chat.id))[0]).toMatchObject({
        id: message.id,
        meetup: { ...meetup, can },
      });
    expect((await notificationsOf(buyer))[0]).toMatchObject({
      type: 'message',
      message: NOTIFICATION_TEXT.message('Sam', meetupSuggestedText(police!.name)),
    });
  });

  it('refuses a spot of another campus, a time past or more than 30 days ahead', async () => {
    const [a, b] = [await student(), await student()];
    const chat = await chatBetween(a, b);
    const cases = [
      [{ spotId: MEETUP_SPOTS.ut[0]!.id, at: Date.now() + HOUR }, MEETUP_MESSAGES.unknownSpot],
      [{ spotId: police!.id, at: Date.now() - 1000 }, MEETUP_MESSAGES.timeInPast],
      [
        { spotId: police!.id, at: Date.now() + MEETUP_MAX_AHEAD_MS + HOUR },
        MEETUP_MESSAGES.timeTooFar,
      ],
    ] as const;
    for (const [body, text] of cases) {
      const res = await call(a, 'POST', `/api/chats/${chat.id}/meetups`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).message).toBe(text);
    }
    expect(await messagesOf(a, chat.id)).toEqual([]);
  });

  it('is refused to a student outside the chat', async () => {
    const [a, b, stranger] = [await student(), await student(), await student()];
    const chat = await chatBetween(a, b);
    const at = Date.now() + HOUR * 3;
    const res = await call(stranger, 'POST', `/api/chats/${chat.id}/meetups`, {
      spotId: police!.id,
      at,
    });
    expect(res.statusCode).toBe(404);
    const message = await propose(a, chat.id, at);
    const answer = await call(stranger, 'POST', `/api/meetups/${message.meetup!.id}/accept`);
    expect(answer.statusCode).toBe(404);
  });
});

describe('answering a meetup', () => {
  async function proposed() {
    const [proposer, other] = [await student(), await student()];
    const chat = await chatBetween(other, proposer);
    const message = await propose(proposer, chat.id, Date.now() + 5 * HOUR);
    return { proposer, other, chat, id: message.meetup!.id };
  }

  it('is accepted by the other student, and both then read it as accepted', async () => {
    const { proposer, other, chat, id } = await proposed();
    const own = await call(proposer, 'POST', `/api/meetups/${id}/accept`);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe(MEETUP_MESSAGES.notYoursToAnswer);
    const res = await call(other, 'POST', `/api/meetups/${id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'accepted' });
    for (const who of [proposer, other])
      expect((await messagesOf(who, chat.id))[0]!.meetup).toMatchObject({ status: 'accepted' });
    const again = await call(other, 'POST', `/api/meetups/${id}/decline`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(MEETUP_MESSAGES.notOpen);
  });

  it('is declined by the other student and then cannot be cancelled', async () => {
    const { proposer, other, id } = await proposed();
    const res = await call(other, 'POST', `/api/meetups/${id}/decline`);
    expect(res.json()).toMatchObject({ status: 'declined' });
    const cancel = await call(proposer, 'POST', `/api/meetups/${id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(errorOf(cancel).message).toBe(MEETUP_MESSAGES.notOpenToCancel);
  });

  it('is cancelled by the proposer only, even once accepted', async () => {
    const { proposer, other, id } = await proposed();
    await call(other, 'POST', `/api/meetups/${id}/accept`);
    const theirs = await call(other, 'POST', `/api/meetups/${id}/cancel`);
    expect(theirs.statusCode).toBe(403);
    expect(errorOf(theirs).message).toBe(MEETUP_MESSAGES.notYoursToCancel);
    const res = await call(proposer, 'POST', `/api/meetups/${id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    const accept = await call(other, 'POST', `/api/meetups/${id}/accept`);
    expect(errorOf(accept).message).toBe(MEETUP_MESSAGES.notOpen);
  });

  it('tells both students of the new state live', async () => {
    const { proposer, other, chat, id } = await proposed();
    const seen: { topic: string; event: { type: string; meetup?: MeetupDto } }[] = [];
    const topics = [proposer, other].map((s) => `user:${s.user.id}`);
    const unsubscribe = await Promise.all(
      topics.map((topic) =>
        t.app.deps.bus.subscribe(topic, (event) =>
          seen.push({ topic, event: event as { type: string; meetup?: MeetupDto } }),
        ),
      ),
    );
    await call(other, 'POST', `/api/meetups/${id}/accept`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all(unsubscribe.map((u) => u()));
    const updates = seen.filter((s) => s.event.type === 'meetup.updated');
    expect(updates.map((u) => u.topic).sort()).toEqual([...topics].sort());
    for (const u of updates)
      expect(u.event).toMatchObject({ chatId: chat.id, meetup: { id, status: 'accepted' } });
    // Each hears what they may do now: the proposer may still cancel; the other, nothing more.
    const canOf = (s: Student) =>
      updates.find((u) => u.topic === `user:${s.user.id}`)!.event.meetup!.can;
    expect(canOf(proposer)).toEqual({ accept: false, decline: false, cancel: true });
    expect(canOf(other)).toEqual({ accept: false, decline: false, cancel: false });
  });
});

describe('the reminder an hour before', () => {
  it('goes to both students once, at the hour, whatever the servers running the job', async () => {
    const [proposer, other] = [await student(), await student()];
    const chat = await chatBetween(other, proposer);
    const at = Date.now() + 3 * HOUR;
    const id = (await propose(proposer, chat.id, at, union!.id)).meetup!.id;
    const remind = (when: number) => t.app.services.chats.remindDueMeetups(when);
    // Proposed only: nothing until it is accepted.
    expect(await remind(at - MEETUP_REMINDER_MS + 1000)).toBe(0);
    await call(other, 'POST', `/api/meetups/${id}/accept`);
    expect(await remind(at - MEETUP_REMINDER_MS - 60_000)).toBe(0);
    const now = at - MEETUP_REMINDER_MS + 30_000;
    // Two servers' jobs at the same minute: one of them sends it.
    const sent = await Promise.all([remind(now), remind(now)]);
    expect(sent[0]! + sent[1]!).toBe(1);
    expect(await remind(now + 60_000)).toBe(0);
    for (const who of [proposer, other]) {
      const reminders = (await notificationsOf(who)).filter((n) => n.type === 'meetup');
      expect(reminders).toEqual([
        expect.objectContaining({ chatId: chat.id, message: `Meetup at ${union!.name} in 1 hour` }),
      ]);
    }
  });

  it('is not sent for a cancelled meetup or one already past', async () => {
    const [proposer, other] = [await student(), await student()];
    const chat = await chatBetween(other, proposer);
    const at = Date.now() + 2 * HOUR;
    const cancelled = (await propose(proposer, chat.id, at)).meetup!.id;
    const past = (await propose(proposer, chat.id, at + 5 * HOUR)).meetup!.id;
    for (const id of [cancelled, past]) await call(other, 'POST', `/api/meetups/${id}/accept`);
    await call(proposer, 'POST', `/api/meetups/${cancelled}/cancel`);
    const remind = (when: number) => t.app.services.chats.remindDueMeetups(when);
    expect(await remind(at - MEETUP_REMINDER_MS + 1000)).toBe(0);
    // The job did not run before the meetup (servers down): a reminder after it is no use.
    expect(await remind(at + 5 * HOUR + 1000)).toBe(0);
    expect((await notificationsOf(other)).filter((n) => n.type === 'meetup')).toEqual([]);
  });
});
