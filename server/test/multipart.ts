/** One file of a multipart/form-data body. */
export interface Part {
  field?: string;
  filename: string;
  type: string;
  data: Buffer;
}

export const BOUNDARY = '----quad-test-boundary-7d3f';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
export const partHead = ({ field = 'file', filename, type }: Omit<Part, 'data'>) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
export const TAIL = Buffer.from(`--${BOUNDARY}--\r\n`);

/** A multipart/form-data body, written by hand as a browser would send it. */
export function multipart(parts: Part[]): Buffer {
  return Buffer.concat([...parts.flatMap((p) => [partHead(p), p.data, Buffer.from('\r\n')]), TAIL]);
}
