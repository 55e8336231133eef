import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  accountBodySchema,
  deleteAccountBodySchema,
  passwordBodySchema,
  usernameBodySchema,
} from '@common/schemas/account';
import { sessionResultSchema } from '@common/schemas/auth';
import { z } from 'zod';
import { LIMITS } from '../../core/limits';
import type { AccountService } from './account.service';

const updatedSchema = sessionResultSchema.extend({ message: z.string() });
const messageSchema = z.object({ message: z.string() });

/** The account settings sub-pages' saves. */
export async function accountRoutes(
  fastify: FastifyInstance,
  { account }: { account: AccountService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/api/me/username',
    {
      config: {
        access: 'session',
        errors: [409],
        rateLimit: LIMITS.username,
        changes: ['student-profile', 'viewer'],
      },
      schema: {
        operationId: 'changeUsername',
        summary: 'Change the viewer’s username',
        body: usernameBodySchema,
        response: { 200: updatedSchema },
      },
    },
    async (request) => ({
      viewer: await account.changeUsername(request.user, request.body.username),
      message: ACCOUNT_MESSAGES.accountUpdated,
    }),
  );

  app.put(
    '/api/me/password',
    {
      // Guessing the current password is a sign-in attempt.
      config: { access: 'session', rateLimit: LIMITS.signIn, changes: ['viewer'] },
      schema: {
        operationId: 'changePassword',
        summary: 'Change the password; other sessions end',
        body: passwordBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await account.changePassword(request.user, request.sessionToken, request.body);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  app.delete(
    '/api/me',
    {
      config: {
        access: 'session',
        rateLimit: LIMITS.signIn,
        changes: ['student-profile', 'viewer'],
      },
      schema: {
        operationId: 'deleteAccount',
        summary: 'Delete the account',
        body: deleteAccountBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      await account.deleteAccount(request.user, request.body.password);
      await app.sessionCookie.signOut(request, reply);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );

  app.patch(
    '/api/me/account',
    {
      config: { access: 'session', changes: ['viewer'] },
      schema: {
        operationId: 'updateAccount',
        summary: 'Change the account details: phone, gender, birth date, e-mail alerts',
        body: accountBodySchema,
        response: { 200: updatedSchema },
      },
    },
    async (request) => ({
      viewer: await account.update(request.user, request.body),
      message: ACCOUNT_MESSAGES.accountUpdated,
    }),
  );
}
