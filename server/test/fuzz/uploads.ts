import fc from 'fast-check';
import { BOUNDARY, MULTIPART_TYPE } from '../multipart';
import type { FuzzRequest, Who } from './routes';
import { HOSTILE_STRINGS } from './values';

/** The routes that take a multipart file rather than JSON (absent from the document's bodies). */
export const UPLOAD_ROUTES = [
  { method: 'POST', path: '/api/uploads' },
  { method: 'PUT', path: '/api/me/avatar' },
] as const;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

/** Garbage bytes, alone or behind the first bytes of a real photo so detection lets them in. */
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
  fc
    .tuple(fc.constantFrom(PNG_SIGNATURE, JPEG_START), fc.uint8Array({ maxLength: 512 }))
    .map(([head, tail]) => Buffer.concat([head, Buffer.from(tail)])),
  fc.constant(Buffer.alloc(0)),
);

const headerText = fc.oneof(
  fc.constantFrom('file', 'photo', 'image/png', 'image/jpeg', 'a.png'),
  fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 200 && !/[\r\n"]/.test(s))),
);

interface Part {
  field: string;
  filename?: string;
  type: string;
  data: Buffer;
}

function encodePart(part: Part): Buffer {
  const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"${file}\r\n` +
        `Content-Type: ${part.type}\r\n\r\n`,
    ),
    part.data,
    Buffer.from('\r\n'),
  ]);
}

/**
 * Multipart bodies with hostile field names, file names and types, non-file
 * fields with hostile values, garbage as the file, and bodies cut short.
 */
export function uploadRequests(route: (typeof UPLOAD_ROUTES)[number]): fc.Arbitrary<FuzzRequest> {
  const part = fc.record({
    field: fc.oneof(fc.constant('file'), headerText),
    filename: fc.option(headerText, { nil: undefined }),
    type: headerText,
    data: fc.oneof(
      fileBytes,
      fc.constantFrom(...HOSTILE_STRINGS).map((s) => Buffer.from(s)),
    ),
  });
  return fc
    .record({
      who: fc.constantFrom<Who>('guest', 'owner', 'other'),
      parts: fc.array(part, { maxLength: 3 }),
      cut: fc.boolean(),
      contentType: fc.constantFrom(
        MULTIPART_TYPE,
        MULTIPART_TYPE,
        'multipart/form-data',
        'application/json',
        'image/png',
      ),
    })
    .map((r) => {
      const body = Buffer.concat([...r.parts.map(encodePart), Buffer.from(`--${BOUNDARY}--\r\n`)]);
      return {
        who: r.who,
        method: route.method,
        url: route.path,
        headers: { 'content-type': r.contentType },
        payload: r.cut ? body.subarray(0, Math.floor(body.length / 2)) : body,
      };
    });
}
