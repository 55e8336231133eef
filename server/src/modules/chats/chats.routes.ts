import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@common/schemas/fields';
import {
  chatListSchema,
  chatSchema,
  heartStateSchema,
  messagePageSchema,
  messageSchema,
  sendMessageBodySchema,
  startChatBodySchema,
  startChatResultSchema,
  userSearchQuerySchema,
  userSearchSchema,
} from '@common/schemas/chats';
import { meetupSchema, proposeMeetupBodySchema } from '@common/schemas/meetups';
import { makeOfferBodySchema, offerSchema } from '@common/schemas/offers';
import { pageQuerySchema } from '@common/schemas/posts';
import { LIMITS } from '../../core/limits';
import type { ChatsService } from './chats.service';

const ok = z.object({ ok: z.literal(true) });

/** Chats, their messages and hearts, and finding someone to message. */
export async function chatsRoutes(
  fastify: FastifyInstance,
  { chats }: { chats: ChatsService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/chats',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'listChats',
        summary: 'The viewer’s chats, latest first',
        querystring: pageQuerySchema,
        response: { 200: chatListSchema },
      },
    },
    async (request) => chats.list(request.user, request.campus, request.query),
  );

  app.post(
    '/api/chats',
    {
      config: { access: 'session', rateLimit: LIMITS.message, changes: ['viewer'] },
      schema: {
        operationId: 'startChat',
        summary: 'Start a chat with a student, or open the one there is',
        body: startChatBodySchema,
        response: { 200: startChatResultSchema },
      },
    },
    async (request) =>
      chats.start(request.user, request.campus, request.body.userId, request.body.listingId),
  );

  app.get(
    '/api/chats/:id',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'getChat',
        summary: 'A chat and the student on the other side',
        params: idParams,
        response: { 200: chatSchema },
      },
    },
    async (request) => chats.get(request.user, request.campus, request.params.id),
  );

  app.delete(
    '/api/chats/:id',
    {
      config: { access: 'session', changes: ['viewer'] },
      schema: {
        operationId: 'deleteChat',
        summary: 'Delete a chat for both students',
        params: idParams,
        response: { 200: ok },
      },
    },
    async (request) => chats.remove(request.user, request.campus, request.params.id),
  );

  app.get(
    '/api/chats/:id/messages',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'listMessages',
        summary: 'A chat’s messages, newest first',
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) =>
      chats.messages(request.user, request.campus, request.params.id, request.query),
  );

  messageRoutes(fastify, chats);
  meetupRoutes(fastify, chats);
  offerRoutes(fastify, chats);
  peopleRoutes(fastify, chats);
}

/** A chat's messages: sending, Seen, hearts. */
function messageRoutes(fastify: FastifyInstance, chats: ChatsService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/chats/:id/messages',
    {
      config: { access: 'session', rateLimit: LIMITS.message, changes: [] },
      schema: {
        operationId: 'sendMessage',
        summary: 'Send a message, with one photo at most',
        params: idParams,
        body: sendMessageBodySchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await chats.send(request.user, request.campus, request.params.id, request.body)),
  );

  app.post(
    '/api/chats/:id/read',
    {
      config: { access: 'session', changes: ['viewer'] },
      schema: {
        operationId: 'markChatRead',
        summary: 'Mark a chat read (Seen)',
        params: idParams,
        response: { 200: ok },
      },
    },
    async (request) => chats.read(request.user, request.campus, request.params.id),
  );

  app.put(
    '/api/messages/:id/heart',
    {
      config: { access: 'session', rateLimit: LIMITS.toggle, changes: ['viewer'] },
      schema: {
        operationId: 'heartMessage',
        summary: 'Heart a message',
        params: idParams,
        response: { 200: heartStateSchema },
      },
    },
    async (request) => chats.heart(request.user, request.campus, request.params.id, true),
  );

  app.delete(
    '/api/messages/:id/heart',
    {
      config: { access: 'session', rateLimit: LIMITS.toggle, changes: ['viewer'] },
      schema: {
        operationId: 'unheartMessage',
        summary: 'Remove a heart from a message',
        params: idParams,
        response: { 200: heartStateSchema },
      },
    },
    async (request) => chats.heart(request.user, request.campus, request.params.id, false),
  );
}

/** Finding a student of the campus to message. */
function peopleRoutes(fastify: FastifyInstance, chats: ChatsService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users',
    {
      config: { access: 'session', rateLimit: LIMITS.lookup },
      schema: {
        operationId: 'findStudents',
        summary: 'Students of the campus to start a chat with',
        querystring: userSearchQuerySchema,
        response: { 200: userSearchSchema },
      },
    },
    async (request) => ({
      items: await chats.people(request.user, request.campus, request.query.q),
    }),
  );
}

/** Safer meetups (ADR 026): a suggestion is a message; answering it changes its state. */
function meetupRoutes(fastify: FastifyInstance, chats: ChatsService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/chats/:id/meetups',
    {
      config: { access: 'session', errors: [409], rateLimit: LIMITS.message, changes: ['viewer'] },
      schema: {
        operationId: 'suggestMeetup',
        summary: 'Suggest a meetup at a safe spot',
        params: idParams,
        body: proposeMeetupBodySchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await chats.proposeMeetup(request.user, request.campus, request.params.id, request.body),
        ),
  );

  const answers = {
    accept: { operationId: 'acceptMeetup', summary: 'Accept a suggested meetup' },
    decline: { operationId: 'declineMeetup', summary: 'Decline a suggested meetup' },
    cancel: { operationId: 'cancelMeetup', summary: 'Cancel a meetup one suggested' },
  } as const;
  for (const answer of ['accept', 'decline', 'cancel'] as const)
    app.post(
      `/api/meetups/:id/${answer}`,
      {
        config: { access: 'session', errors: [409], changes: ['viewer'] },
        schema: { ...answers[answer], params: idParams, response: { 200: meetupSchema } },
      },
      async (request) =>
        chats.answerMeetup(request.user, request.campus, request.params.id, answer),
    );
}

/** Offers on a chat's listing (ADR 051): an offer is a message; answering it changes its state. */
function offerRoutes(fastify: FastifyInstance, chats: ChatsService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/chats/:id/offers',
    {
      config: { access: 'session', errors: [409], rateLimit: LIMITS.message, changes: ['viewer'] },
      schema: {
        operationId: 'makeOffer',
        summary: 'Make an offer on the chat’s listing',
        params: idParams,
        body: makeOfferBodySchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await chats.makeOffer(request.user, request.campus, request.params.id, request.body)),
  );

  app.post(
    '/api/offers/:id/counter',
    {
      config: { access: 'session', errors: [409], rateLimit: LIMITS.message, changes: ['viewer'] },
      schema: {
        operationId: 'counterOffer',
        summary: 'Answer an offer with a counter-offer',
        params: idParams,
        body: makeOfferBodySchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await chats.counterOffer(request.user, request.campus, request.params.id, request.body),
        ),
  );

  const answers = {
    accept: { operationId: 'acceptOffer', summary: 'Accept an offer' },
    decline: { operationId: 'declineOffer', summary: 'Decline an offer' },
    withdraw: { operationId: 'withdrawOffer', summary: 'Withdraw one’s open offer' },
  } as const;
  for (const answer of ['accept', 'decline', 'withdraw'] as const)
    app.post(
      `/api/offers/:id/${answer}`,
      {
        // Accepting turns the listing Pending: its page and the campus's lists change.
        config: { access: 'session', errors: [409], changes: ['viewer', 'post', 'campus-lists'] },
        schema: { ...answers[answer], params: idParams, response: { 200: offerSchema } },
      },
      async (request) => chats.answerOffer(request.user, request.campus, request.params.id, answer),
    );
}
