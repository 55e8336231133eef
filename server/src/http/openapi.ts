import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@common/schemas/errors';
import type { Config } from '../config';
import { type Access, withAccess } from './access';

export type { Access } from './access';

/** The error responses of the document, each the one error body every error of the API carries. */
const ERROR_RESPONSES = {
  400: {
    name: 'BadRequest',
    description:
      'The request is malformed or a value is refused (`invalid_request` lists every problem in `messages`), or a rule of the product refuses it.',
  },
  401: {
    name: 'Unauthorized',
    description: 'No session, or the session has ended: sign in first.',
  },
  403: {
    name: 'Forbidden',
    description:
      'Not allowed: the account or school e-mail is not verified, the student has no part in it, a state-changing request came from another site (`cross_origin`), or the visitor is outside the US (`region_not_supported`).',
  },
  404: {
    name: 'NotFound',
    description: 'Nothing by this id or name, or nothing the viewer may see.',
  },
  409: { name: 'Conflict', description: 'The request conflicts with the current state.' },
  413: { name: 'PayloadTooLarge', description: 'The body or file is larger than allowed.' },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body is not of a content type this operation reads.',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many requests from this address (`rate_limited`); try again later.',
    retryAfter: true,
  },
  502: {
    name: 'BadGateway',
    description: 'The payment provider failed; the request may be tried again.',
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'The database is out of reach for a moment (`unavailable`); try again after `Retry-After` seconds.',
    retryAfter: true,
  },
} as const satisfies Record<number, { name: string; description: string; retryAfter?: true }>;

/** A status the document can declare for a route beyond the ones derived from it. */
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** The header same-origin.ts accepts from this site's own scripts. */
export const CSRF_HEADER = 'X-Quad-CSRF';

/** Where the API's description lives: the document at /api/docs/json, a browser UI at /api/docs. */
export const DOCS_PREFIX = '/api/docs';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Paths the geo gate leaves open (http/geo-gate.ts): the campus, read by the not-found page. */
const OPEN_TO_EVERY_REGION = new Set(['/api/campus']);

/** The module tag of each route, and what the document says of it. */
const TAGS: Record<string, string> = {
  campuses: 'The campus of the site and the school finder.',
  auth: 'Registration, sign-in (password, e-mailed link, Google), sessions and password reset.',
  verification: 'Account and school e-mail verification codes.',
  media: 'Photo and video uploads.',
  posts: 'The feed, post pages, posting, comments and deletes.',
  likes: 'Saves (likes) of posts.',
  chats: 'Chats between two students: messages, hearts and meetups.',
  notifications: 'Notifications and the unread counts.',
  push: 'Push notifications: the server’s key and the viewer’s devices (ADR 058).',
  search: 'Search of posts, media and people; recent searches.',
  'saved-searches': '“Alert me” searches.',
  profiles: 'Profiles, their posts, and the viewer’s own profile.',
  reports: 'Reports of posts, comments and students.',
  sales: 'Listings sold to a student, and the reviews after a sale.',
  blocks: 'Blocked students.',
  moderation: 'The campus moderators’ queue and actions.',
  account: 'Account settings: e-mail, password, details, deletion.',
  payments: 'Payouts through Stripe Connect.',
  analytics: 'The operators’ analytics.',
  // Modules whose routes are hidden from the document: health, live, mailbox, pwa.
};

/**
 * Registers one module's routes with the module's tag on each of them in the
 * OpenAPI document: the tag is given once, here, not by every route.
 */
export function moduleRoutes<Options extends object>(
  tag: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return async (scope, options) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags: route.schema?.tags ?? [tag] };
    });
    await scope.register(plugin, options);
  };
}

/** The error statuses a route can answer, derived from how it is declared, plus its own. */
function errorStatuses(route: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>) {
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const config = (route.config ?? {}) as { access?: Access; errors?: readonly ErrorStatus[] };
  const schema = route.schema ?? {};
  const unsafe = !SAFE.has(method ?? 'GET');
  const statuses = new Set<ErrorStatus>(config.errors ?? []);
  // A query, path or body that fails its schema; a body that is not JSON.
  if (schema.querystring || schema.params || schema.body || unsafe) statuses.add(400);
  if (config.access === 'campus' || config.access === 'session') statuses.add(401);
  if (config.access === 'staff') statuses.add(404);
  // The geo gate; the same-origin check; the finer roles.
  const restricted = config.access !== undefined && config.access !== 'public';
  if (!OPEN_TO_EVERY_REGION.has(route.url) || unsafe || restricted) statuses.add(403);
  if (route.url.includes(':')) statuses.add(404);
  if (unsafe) statuses.add(413).add(415);
  if ((config as { rateLimit?: unknown }).rateLimit) statuses.add(429);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** Who may call the route, as OpenAPI security requirements (an empty one: no session needed). */
function securityOf(route: Pick<RouteOptions, 'method' | 'config'>) {
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const config = (route.config ?? {}) as { access?: Access; signedByProvider?: boolean };
  if (config.signedByProvider) return [{}];
  const csrf = SAFE.has(method ?? 'GET') ? {} : { csrf: [] };
  const signedIn = { session: [], ...csrf };
  return config.access === 'session' || config.access === 'staff' ? [signedIn] : [csrf, signedIn];
}

function errorComponents() {
  const error = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });
  delete (error as { $schema?: string }).$schema;
  const retryAfter = {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'string' },
  };
  const responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map((r) => [
      r.name,
      {
        description: r.description,
        ...('retryAfter' in r ? { headers: { 'Retry-After': retryAfter } } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
  return { schemas: { Error: error }, responses };
}

/**
 * Leaves out the error responses no operation answers, and the schemas
 * nothing else refers to (zod's registry adds an input twin of every named
 * schema, CommentNodeInput, that no request uses).
 */
function pruneUnused(
  document: {
    paths: object;
    components: { responses?: Record<string, unknown>; schemas?: Record<string, unknown> };
  },
  usedResponses: Set<string>,
) {
  const { components } = document;
  for (const name of Object.keys(components.responses ?? {}))
    if (!usedResponses.has(name)) delete components.responses?.[name];
  const schemas = components.schemas ?? {};
  for (let removed = true; removed;) {
    removed = false;
    for (const name of Object.keys(schemas)) {
      const others = {
        ...document,
        components: { ...components, schemas: { ...schemas, [name]: null } },
      };
      if (JSON.stringify(others).includes(`"#/components/schemas/${name}"`)) continue;
      delete schemas[name];
      removed = true;
    }
  }
}

type Operation = Record<string, unknown> & { responses: Record<string, unknown> };

/** The body of the upload routes: one file in the form field `file` (the routes read no other). */
export const MULTIPART_FILE = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { file: { type: 'string', format: 'binary' } },
        required: ['file'],
      },
    },
  },
};

/** What the transform learned of a route: its error statuses, security and body. */
interface Extra {
  errors: ErrorStatus[];
  security: object[];
  multipart: boolean;
}

/** An operation as the route declared it, with what is derived centrally; `used` collects error responses. */
function complete(operation: Operation, extra: Extra, used: Set<string>): void {
  operation.security = extra.security;
  if (extra.multipart) operation.requestBody = MULTIPART_FILE;
  describeStatuses(operation.responses);
  for (const status of extra.errors) {
    used.add(ERROR_RESPONSES[status].name);
    operation.responses[status] ??= {
      $ref: `#/components/responses/${ERROR_RESPONSES[status].name}`,
    };
  }
}

/** A success answer described by its status's name ("OK", "Created") rather than "Default Response". */
function describeStatuses(responses: Record<string, unknown>): void {
  for (const [status, response] of Object.entries(responses)) {
    const described = response as { description?: string };
    if (described.description === 'Default Response')
      described.description = STATUS_CODES[Number(status)] ?? described.description;
  }
}

/**
 * The OpenAPI document at /api/docs (ADR 028): every operation with its
 * summary and operationId (declared by the route), its module's tag, who may
 * call it, and the error responses it can answer, derived centrally from how
 * it is declared (errorStatuses) plus those its route config names.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { config, sessionCookie }: { config: Config; sessionCookie: string },
): Promise<void> {
  const extras = new Map<string, Extra>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quad API',
        version: '1',
        description:
          'The API of Quad, a campus buy/sell community. Each campus is its own site (`ou.` + the base domain): the Host header picks the campus. State-changing requests need the `X-Quad-CSRF` header (any value) or a same-origin `Origin` header.',
      },
      servers: [{ url: config.publicUrl, description: 'This Quad server.' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description:
              'The session cookie, set by sign-in (register, login, e-mailed link, Google) and cleared by logout.',
          },
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: CSRF_HEADER,
            description:
              'Required on every state-changing request (POST, PUT, PATCH, DELETE) unless its `Origin` header is this site: any value. Browsers send it only from this site’s own scripts (another origin would need a CORS preflight Quad never grants). Without it: 403 `cross_origin`.',
          },
        },
      },
    },
    transform: (document) => {
      const { schema, url } = jsonSchemaTransform(document);
      const route = document.route;
      if (!schema || schema.hide) return { schema, url };
      const method = Array.isArray(route.method) ? route.method[0] : route.method;
      extras.set(`${String(method).toLowerCase()} ${url}`, {
        errors: errorStatuses(route),
        security: securityOf(route),
        multipart: (route.schema?.consumes ?? []).includes('multipart/form-data'),
      });
      return { schema, url };
    },
    transformObject: (document) => {
      const object = jsonSchemaTransformObject(document) as {
        components: Record<string, object>;
        paths: Record<string, Record<string, Operation>>;
      };
      const errors = errorComponents();
      object.components.schemas = { ...object.components.schemas, ...errors.schemas };
      object.components.responses = errors.responses;
      const used = new Set<string>();
      for (const [path, operations] of Object.entries(object.paths)) {
        const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
        for (const [method, operation] of Object.entries(operations)) {
          const extra = extras.get(`${method} ${fastifyPath}`);
          if (extra) complete(operation, extra, used);
        }
      }
      pruneUnused(object, used);
      return object as unknown as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  await app.register(withAccess('public', swaggerUi, { routePrefix: DOCS_PREFIX }));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error statuses the route answers beyond those the document derives (errorStatuses). */
    errors?: readonly ErrorStatus[];
  }
}
