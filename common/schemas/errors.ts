import { z } from 'zod';

/**
 * The one shape of every error the API answers; `messages` when there are
 * several; `fields` when they are about fields of a form (the admin campus
 * page, ADR 056): field path → its message.
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    messages: z.array(z.string()).optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
