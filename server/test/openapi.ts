import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

/** The typed client's paths, generated from the served document (`npm run openapi:client`). */
export const CLIENT_TYPES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'api-client/quad-api.d.ts',
);

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, Response>;
}
interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema?: object }>;
}
/** The parts of an OpenAPI 3.1 document these helpers read. */
export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas?: Record<string, object>;
    responses?: Record<string, Response>;
    securitySchemes?: Record<string, { type: string; in?: string; name?: string }>;
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Every operation of the document as `GET /api/posts/{id}`, with its object. */
export function operationsOf(document: OpenApiDocument): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]): [string, Operation] => [
        `${method.toUpperCase()} ${url}`,
        operation,
      ]),
  );
}

/** The value a local `$ref` (`#/components/...`) points at, or undefined. */
export function resolveRef(document: object, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[key]
          : undefined,
      document,
    );
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((child) => refsIn(child, found));
  else if (node !== null && typeof node === 'object')
    for (const [key, child] of Object.entries(node)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else refsIn(child, found);
    }
  return found;
}

/**
 * What the document owes every integrator (ADR 028): each operation with a
 * summary, a unique operationId, tags the document defines, declared security,
 * and its 4xx answers as the one error body; servers; every `$ref` resolved.
 * `no4xx` names operations that can answer no 4xx at all, with the reason.
 */
export function contractProblems(
  document: OpenApiDocument,
  no4xx: Record<string, string> = {},
): string[] {
  const problems: string[] = [];
  const tags = new Set((document.tags ?? []).map((t) => t.name));
  const schemes = document.components.securitySchemes ?? {};
  const ids = new Map<string, string>();
  const errorSchema = '#/components/schemas/Error';
  if (!document.servers?.length) problems.push('the document names no server');
  for (const [key, operation] of operationsOf(document)) {
    if (!operation.summary?.trim()) problems.push(`${key}: no summary`);
    if (!operation.operationId) problems.push(`${key}: no operationId`);
    else if (ids.has(operation.operationId))
      problems.push(
        `${key}: operationId ${operation.operationId} is ${ids.get(operation.operationId)}'s too`,
      );
    else ids.set(operation.operationId, key);
    if (!operation.tags?.length) problems.push(`${key}: no tags`);
    for (const tag of operation.tags ?? [])
      if (!tags.has(tag)) problems.push(`${key}: tag ${tag} is not in the document's tags`);
    if (!operation.security) problems.push(`${key}: no security requirement`);
    for (const requirement of operation.security ?? [])
      for (const scheme of Object.keys(requirement))
        if (!schemes[scheme]) problems.push(`${key}: security scheme ${scheme} is not defined`);
    const errors = Object.keys(operation.responses).filter((status) => /^[45]/.test(status));
    if (!errors.some((status) => status.startsWith('4')) && !(key in no4xx))
      problems.push(`${key}: no 4xx response`);
    for (const status of errors) {
      const response = operation.responses[status]!;
      const resolved = (response.$ref ? resolveRef(document, response.$ref) : response) as Response;
      if (
        resolved?.content?.['application/json']?.schema === undefined ||
        JSON.stringify(resolved.content['application/json'].schema) !==
          JSON.stringify({ $ref: errorSchema })
      )
        problems.push(`${key}: its ${status} answer is not the error body (${errorSchema})`);
    }
  }
  for (const ref of new Set(refsIn(document)))
    if (resolveRef(document, ref) === undefined) problems.push(`unresolved $ref ${ref}`);
  return problems;
}

/** The typed client's source, as `npm run openapi:client` writes it from the document. */
export async function clientTypes(document: OpenApiDocument): Promise<string> {
  return COMMENT_HEADER + astToString(await openapiTS(document as unknown as OpenAPI3));
}

/** One answer of the server, as a client saw it. */
export interface SeenResponse {
  method: string;
  /** The document's path, with its `{params}`. */
  path: string;
  status: number;
  contentType: string | null;
  body: string;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/**
 * Checks answers against the document: the status is declared for the
 * operation, and a JSON body matches the declared schema (JSON Schema
 * 2020-12, as OpenAPI 3.1 has it). Returns the problems, none when it matches.
 */
export function responseValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document, 'quad');
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (ref: string) => {
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: `quad${ref}` })));
    return validate;
  };
  return (seen: SeenResponse): string[] => {
    const key = `${seen.method} ${seen.path} → ${seen.status}`;
    const operation = document.paths[seen.path]?.[seen.method.toLowerCase()];
    if (!operation) return [`${key}: the document has no such operation`];
    const declared = operation.responses[String(seen.status)];
    if (!declared)
      return [
        `${key}: a status the document does not declare (it declares ${Object.keys(operation.responses).join(', ')})`,
      ];
    const base =
      declared.$ref ??
      `#/${pointer('paths', seen.path, seen.method.toLowerCase(), 'responses', String(seen.status))}`;
    const response = (declared.$ref ? resolveRef(document, declared.$ref) : declared) as Response;
    if (!response.content?.['application/json'])
      return seen.body === '' ? [] : [`${key}: a body where the document declares none`];
    if (!seen.contentType?.startsWith('application/json'))
      return [
        `${key}: ${seen.contentType ?? 'no content type'}, the document says application/json`,
      ];
    let body: unknown;
    try {
      body = JSON.parse(seen.body);
    } catch {
      return [`${key}: the body is not JSON`];
    }
    const validate = validatorAt(`${base}/${pointer('content', 'application/json', 'schema')}`);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${key}: ${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
    );
  };
}

/**
 * `fetch` for a campus site of a server listening on 127.0.0.1: the URL's
 * host (`ou.localhost:PORT`) goes in the Host header, as a browser would send
 * it (Node's fetch sets its own Host), and the cookies the server sets are
 * kept and sent back, as a browser keeps them.
 */
export function campusFetch(port: number): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (jar.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const sent = http.request(
        {
          host: '127.0.0.1',
          port,
          method: request.method,
          path: url.pathname + url.search,
          headers: { ...headers, host: url.host },
        },
        resolve,
      );
      sent.on('error', reject);
      sent.end(body);
    });
    const chunks: Buffer[] = [];
    for await (const chunk of answer) chunks.push(chunk as Buffer);
    for (const line of answer.headers['set-cookie'] ?? []) {
      const [name = '', value = ''] = (line.split(';')[0] ?? '').split('=');
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const out = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      for (const v of Array.isArray(value) ? value : [value ?? '']) out.append(name, v);
    const status = answer.statusCode ?? 0;
    return new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), {
      status,
      headers: out,
    });
  };
}

/** Writes the typed client's source from a document file: `npm run openapi:client`. */
export async function writeClientTypes(documentFile: string): Promise<void> {
  const document = JSON.parse(fs.readFileSync(documentFile, 'utf8')) as OpenApiDocument;
  fs.writeFileSync(CLIENT_TYPES_FILE, await clientTypes(document));
}
