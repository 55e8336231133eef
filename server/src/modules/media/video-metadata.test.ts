import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { box, boxTypes, phoneVideo, readBoxes, videoBytes } from '../../../test/media-fixtures';
import { stripVideoMetadata, UnreadableVideoError } from './video-metadata';

/** The walker on the box forms phones rarely write but the format allows (ADR 039). */

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-video-test-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function strip(data: Buffer): Promise<{ blanked: number; after: Buffer }> {
  const file = path.join(dir, 'clip.mp4');
  fs.writeFileSync(file, data);
  const blanked = await stripVideoMetadata(file, 'mp4');
  return { blanked, after: fs.readFileSync(file) };
}

/** A box with a 64-bit size (size field 1, the real size after the type). */
function largeBox(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(16);
  head.writeUInt32BE(1, 0);
  head.write(type, 4, 'latin1');
  head.writeBigUInt64BE(BigInt(16 + body.length), 8);
  return Buffer.concat([head, body]);
}

describe('stripVideoMetadata', () => {
  it('blanks the metadata of the movie, its track and the XMP box, and nothing else', async () => {
    const { blanked, after } = await strip(phoneVideo('isom'));
    expect(blanked).toBe(5);
    expect(after.includes('iPhone')).toBe(false);
  });

  it('leaves a file without metadata byte for byte as it was', async () => {
    const data = videoBytes('qt  ', 10_000);
    const { blanked, after } = await strip(data);
    expect(blanked).toBe(0);
    expect(after).toEqual(data);
  });

  it('keeps a 64-bit size when it blanks a box, and reads a last box that runs to the end', async () => {
    const small = videoBytes('isom', 2000);
    const head = small.subarray(0, readBoxes(small).find((b) => b.type === 'mdat')!.start);
    const secret = Buffer.from('+40.7128-074.0060/', 'latin1');
    const mdatToEnd = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from('mdat'), secret]);
    const data = Buffer.concat([
      head,
      largeBox('uuid', Buffer.concat([Buffer.alloc(16), secret])),
      mdatToEnd,
    ]);
    const { after } = await strip(data);
    expect(after.length).toBe(data.length);
    const blankedAt = head.length;
    expect(after.readUInt32BE(blankedAt)).toBe(1);
    expect(after.toString('latin1', blankedAt + 4, blankedAt + 8)).toBe('free');
    expect(Number(after.readBigUInt64BE(blankedAt + 8))).toBe(16 + 16 + secret.length);
    // Only the media data, which is not metadata, still holds the bytes.
    expect(after.indexOf(secret)).toBe(data.length - secret.length);
  });

  it('refuses a file of thousands of tiny boxes rather than walking them', async () => {
    const tiny = Array.from({ length: 10_001 }, () => box('free'));
    await expect(strip(Buffer.concat([videoBytes('isom', 200), ...tiny]))).rejects.toBeInstanceOf(
      UnreadableVideoError,
    );
  });

  it('refuses a size of zero inside the movie', async () => {
    const data = videoBytes('isom', 300);
    const moov = readBoxes(data).find((b) => b.type === 'moov')!;
    data.writeUInt32BE(0, moov.start + 8);
    await expect(strip(data)).rejects.toBeInstanceOf(UnreadableVideoError);
    expect(boxTypes(readBoxes(videoBytes('isom', 300)))).toEqual([
      'ftyp',
      ['moov', ['mvhd']],
      'mdat',
    ]);
  });
});
