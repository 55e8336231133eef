import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  codeSentSchema,
  schoolEmailBodySchema,
  sessionResultSchema,
  sendCodeBodySchema,
  verifyCodeBodySchema,
  verifyResultSchema,
} from '@common/schemas/auth';
import {
  ACCOUNT_MESSAGES,
  emailChangeBodySchema,
  emailChangeStartedSchema,
  emailLinkBodySchema,
  emailLinkResultSchema,
  emailVerifyBodySchema,
} from '@common/schemas/account';
import { z } from 'zod';
import { LIMITS } from '../../core/limits';
import { presentViewer } from '../users/users.presenter';
import type { VerificationService } from './verification.service';

const updatedSchema = sessionResultSchema.extend({ message: z.string() });

/**
 * Account and school e-mail verification codes
 * (docs/product/campuses-and-accounts.md, Verification), and e-mail changes.
 */
export async function verificationRoutes(
  fastify: FastifyInstance,
  { verification }: { verification: VerificationService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.deps;

  app.post(
    '/api/verification/code',
    {
      config: { access: 'session', rateLimit: LIMITS.mail, changes: ['viewer'] },
      schema: {
        operationId: 'sendVerificationCode',
        summary: 'E-mail a new account verification code',
        body: sendCodeBodySchema.optional(),
        response: { 200: codeSentSchema },
      },
    },
    async (request) => verification.sendAccountCode(request.user, request.campus),
  );

  app.post(
    '/api/me/school-email',
    {
      config: { access: 'session', errors: [409], rateLimit: LIMITS.mail, changes: ['viewer'] },
      schema: {
        operationId: 'sendSchoolEmailCode',
        summary: 'Send a verification code to a school e-mail address',
        body: schoolEmailBodySchema,
        response: { 200: codeSentSchema },
      },
    },
    async (request) => verification.sendSchoolCode(request.user, request.campus, request.body),
  );

  emailChangeRoutes(fastify, verification);

  app.post(
    '/api/verification/verify',
    {
      config: {
        access: 'session',
        errors: [409],
        rateLimit: LIMITS.code,
        // A school e-mail verified puts the badge beside the student's name on all their posts (ADR 049).
        changes: ['student-profile', 'viewer'],
      },
      schema: {
        operationId: 'verifyCode',
        summary: 'Verify the account or school e-mail address with a code',
        body: verifyCodeBodySchema,
        response: { 200: verifyResultSchema },
      },
    },
    async (request) => {
      const before = request.user?.campus_id;
      const result = await verification.verify(request.user, request.campus, request.body);
      // Sockets opened for the campus the student left close, and are let in again only where they may read.
      if (result.user.campus_id !== before) app.sessionCookie.campusChanged(result.user.id);
      return {
        viewer: presentViewer(result.user, storage),
        redirectTo: result.redirectTo,
        redirectCampus: result.redirectCampus,
      };
    },
  );
}

/**
 * A new account e-mail address: the current password (or a link to the current
 * address), a code to the new one, then the code confirms it; the old address
 * may undo the change (ADR 036).
 */
function emailChangeRoutes(fastify: FastifyInstance, verification: VerificationService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.deps;

  app.put(
    '/api/me/email',
    {
      config: { access: 'session', errors: [409], rateLimit: LIMITS.mail, changes: ['viewer'] },
      schema: {
        operationId: 'changeEmail',
        summary: 'Send a code to confirm a new account e-mail address',
        body: emailChangeBodySchema,
        response: { 200: emailChangeStartedSchema },
      },
    },
    async (request) => verification.requestEmailChange(request.user, request.campus, request.body),
  );

  app.post(
    '/api/me/email/verify',
    {
      config: { access: 'session', errors: [409], rateLimit: LIMITS.code, changes: ['viewer'] },
      schema: {
        operationId: 'verifyNewEmail',
        summary: 'Confirm a new account e-mail address with its code; other sessions end',
        body: emailVerifyBodySchema,
        response: { 200: updatedSchema },
      },
    },
    async (request) => ({
      viewer: presentViewer(
        await verification.confirmEmailChange(
          request.user,
          request.campus,
          request.sessionToken,
          request.body,
        ),
        storage,
      ),
      message: ACCOUNT_MESSAGES.accountUpdated,
    }),
  );

  app.post(
    '/api/email-change/approve',
    {
      config: { errors: [409], rateLimit: LIMITS.mail, access: 'public', changes: ['viewer'] },
      schema: {
        operationId: 'approveEmailChange',
        summary: 'Confirm an e-mail change from the current address; a code goes to the new one',
        body: emailLinkBodySchema,
        response: { 200: emailLinkResultSchema },
      },
    },
    async (request) => {
      const { email } = await verification.approveEmailChange(request.body.token);
      return { email, message: ACCOUNT_MESSAGES.emailChangeApproved(email) };
    },
  );

  app.post(
    '/api/email-change/undo',
    {
      config: { errors: [409], rateLimit: LIMITS.signIn, access: 'public', changes: ['viewer'] },
      schema: {
        operationId: 'undoEmailChange',
        summary: 'Give the account its old e-mail back from the old address; every session ends',
        body: emailLinkBodySchema,
        response: { 200: emailLinkResultSchema },
      },
    },
    async (request) => {
      const { email } = await verification.undoEmailChange(request.body.token);
      return { email, message: ACCOUNT_MESSAGES.emailChangeUndone(email) };
    },
  );
}
