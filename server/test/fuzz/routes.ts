import fc from 'fast-check';
import type { JsonSchema } from './schema-values';
import { type Hints, valuesFor } from './schema-values';
import { HOSTILE_STRINGS } from './values';

interface OpenApiParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** One route of the OpenAPI document, with the schemas of its parts. */
export interface Route {
  method: string;
  /** As the document writes it: /api/posts/{id}. */
  path: string;
  parameters: OpenApiParameter[];
  body?: JsonSchema;
}

/** Every operation of the document: the app's own list of its API routes. */
export function routesOf(doc: OpenApiDocument): Route[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}

export type Who = 'guest' | 'owner' | 'other';

/** A request as the fuzzer sends it: who, the URL, headers and a body. */
export interface FuzzRequest {
  who: Who;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** A page of the web app: its 404 is the app's page, HTML, not the API's error body. */
  page?: boolean;
}

/** Path segments and query values: percent-encoded as a browser would, or left raw. */
export function encodeValue(value: unknown, raw: boolean): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  if (raw && /^[\x21-\x7e]*$/.test(text) && !/[?#&=/]/.test(text)) return text;
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const c = String.fromCharCode(byte);
      return /[A-Za-z0-9\-._~]/.test(c)
        ? c
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

const EXTRA_QUERY = [
  '',
  '__proto__=1',
  '__proto__[admin]=true',
  'constructor[prototype][admin]=true',
  'cursor=a&cursor=b',
  'q=%00',
  '%=%',
];

const PROTO_KEYS = '"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}';

/** How the body is sent: JSON of the generated value, or something no client should send. */
const BODY_MODES = [
  'json',
  'json',
  'json',
  'json',
  'json',
  'json',
  'proto',
  'garbage',
  'text',
  'none',
] as const;
type BodyMode = (typeof BODY_MODES)[number];

function encodeBody(mode: BodyMode, body: unknown): Pick<FuzzRequest, 'payload' | 'headers'> {
  const json = { 'content-type': 'application/json' };
  switch (mode) {
    case 'json':
      return { headers: json, payload: JSON.stringify(body ?? null) };
    case 'proto': {
      const text = JSON.stringify(body ?? {});
      const rest = text.startsWith('{') && text !== '{}' ? `,${text.slice(1)}` : '}';
      return { headers: json, payload: `{${PROTO_KEYS}${rest}` };
    }
    case 'garbage':
      return { headers: json, payload: '{"text": "unterminated' };
    case 'text':
      return { headers: { 'content-type': 'text/plain' }, payload: encodeValue(body, true) };
    case 'none':
      return { headers: {} };
  }
}

/** Requests for one route, each part drawn from its schema (valid, boundary or hostile). */
export function requestsFor(route: Route, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const part = (where: OpenApiParameter['in']) => {
    const list = route.parameters.filter((p) => p.in === where);
    const model = Object.fromEntries(list.map((p) => [p.name, valuesFor(p.schema, hints, p.name)]));
    const required = list.filter((p) => p.required || where === 'path').map((p) => p.name);
    return fc.record(model, { requiredKeys: required });
  };
  return fc
    .record({
      who: fc.constantFrom<Who>('guest', 'owner', 'other'),
      params: part('path'),
      query: part('query'),
      header: part('header'),
      raw: fc.boolean(),
      extraQuery: fc.constantFrom(...EXTRA_QUERY),
      body: route.body ? valuesFor(route.body, hints) : fc.constant(undefined),
      bodyMode: route.body ? fc.constantFrom(...BODY_MODES) : fc.constantFrom<BodyMode>('none'),
    })
    .map((r) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeValue(r.params[name], r.raw),
      );
      const query = Object.entries(r.query)
        .map(([k, v]) => `${k}=${encodeValue(v, r.raw)}`)
        .concat(r.extraQuery ? [r.extraQuery] : [])
        .join('&');
      const headers = Object.fromEntries(
        Object.entries(r.header).map(([k, v]) => [k, encodeValue(v, true)]),
      );
      const body = encodeBody(r.bodyMode, r.body);
      return {
        who: r.who,
        method: route.method,
        url: query ? `${path}?${query}` : path,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      };
    });
}

/** Paths outside the document: health, the favicon, uploads and unknown API paths, percent-encoded or raw. */
export function strayRequests(): fc.Arbitrary<FuzzRequest> {
  const segment = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 2000)),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
  return fc
    .record({
      who: fc.constantFrom<Who>('guest', 'owner'),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      prefix: fc.constantFrom(
        '/healthz',
        '/readyz',
        '/favicon.svg',
        '/api/live',
        '/uploads/',
        '/api/',
        '/api/posts/',
        '/api/users/',
        '/api/me/',
      ),
      segment,
      raw: fc.boolean(),
    })
    .map((r) => ({
      who: r.who,
      method: r.method,
      url: r.prefix.endsWith('/') ? `${r.prefix}${encodeValue(r.segment, r.raw)}` : r.prefix,
      headers: { accept: 'application/json' },
    }));
}
