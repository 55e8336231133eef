import fs from 'node:fs/promises';

/**
 * Metadata out of a video file, in place (ADR 039): MP4 and QuickTime by their
 * boxes, AVI by its RIFF chunks. Throws UnreadableVideoError for a file whose
 * structure does not parse, since its metadata cannot then be found.
 */
export async function stripVideoMetadata(
  file: string,
  format: 'mp4' | 'mov' | 'avi',
): Promise<number> {
  const handle = await fs.open(file, 'r+');
  try {
    const { size } = await handle.stat();
    return format === 'avi' ? await stripRiff(handle, size) : await stripIso(handle, size);
  } finally {
    await handle.close();
  }
}

/**
 * MP4 and QuickTime (ISO/IEC 14496-12 and Apple's file format). Phones write
 * where a video was taken and on what (`©xyz`, `©mak`, `©mod`, Apple's
 * `com.apple.quicktime.location.ISO6709`, XMP) into `udta`, `meta` and `uuid`
 * boxes of the movie and its tracks. Each of those becomes a `free` box of the
 * same size, filled with zeros: no byte moves, so the chunk offsets (`stco`,
 * `co64`) into `mdat` stay right whether the movie comes before or after it.
 * Only box headers (and the sample tables of timed metadata tracks, below)
 * are read and only those boxes written, so a 200 MB video costs a few small
 * reads.
 */

/** Boxes that hold what a camera records about the person and the device. */
const METADATA = new Set(['udta', 'meta', 'uuid', 'XMP_']);
/** The containers walked: the movie, its tracks and their media, and fragments. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'moof', 'traf']);
/** Real files have a few dozen boxes on this walk; a file of tiny boxes is refused, not walked. */
const MAX_BOXES = 10_000;
const ZEROS = Buffer.alloc(64 * 1024);

/** The file is not a well-formed box tree with a movie in it: nothing can be said of its metadata. */
export class UnreadableVideoError extends Error {
  constructor(reason: string) {
    super(`unreadable video: ${reason}`);
    this.name = 'UnreadableVideoError';
  }
}

interface Box {
  type: string;
  start: number;
  /** 8, or 16 with a 64-bit size. */
  header: number;
  size: number;
}

interface Walk {
  handle: fs.FileHandle;
  /** The file's size. */
  size: number;
  boxes: number;
  blanked: number;
  movies: number;
}

/**
 * Turns every metadata box at the top level, in the movie, its tracks and
 * their media into zero-filled `free` boxes; returns how many it turned.
 */
async function stripIso(handle: fs.FileHandle, size: number): Promise<number> {
  const walk: Walk = { handle, size, boxes: 0, blanked: 0, movies: 0 };
  await walkBoxes(walk, 0, size, true);
  if (walk.movies === 0) throw new UnreadableVideoError('no moov box');
  return walk.blanked;
}

/** Visits the boxes that exactly fill [start, end). */
async function walkBoxes(walk: Walk, start: number, end: number, top: boolean): Promise<void> {
  for (let at = start; at < end;) {
    walk.boxes += 1;
    if (walk.boxes > MAX_BOXES) throw new UnreadableVideoError('too many boxes');
    const box = await readBox(walk.handle, at, end, top);
    if (METADATA.has(box.type)) await blank(walk, box);
    else if (box.type === 'trak' && (await isTimedMetadata(walk, box))) {
      await zeroSamples(walk, box);
      await blank(walk, box);
    } else if (CONTAINERS.has(box.type)) {
      if (box.type === 'moov') walk.movies += 1;
      await walkBoxes(walk, box.start + box.header, box.start + box.size, false);
    }
    at = box.start + box.size;
  }
}

/** The box header at `at`; its size must fit what is left of its parent. */
async function readBox(handle: fs.FileHandle, at: number, end: number, top: boolean): Promise<Box> {
  if (end - at < 8) throw new UnreadableVideoError(`${end - at} stray bytes at ${at}`);
  const head = Buffer.alloc(16);
  const { bytesRead } = await handle.read(head, 0, Math.min(16, end - at), at);
  if (bytesRead < 8) throw new UnreadableVideoError(`short read at ${at}`);
  const type = head.toString('latin1', 4, 8);
  const small = head.readUInt32BE(0);
  let size = small;
  let header = 8;
  if (small === 1) {
    if (bytesRead < 16) throw new UnreadableVideoError(`short 64-bit size at ${at}`);
    const large = head.readBigUInt64BE(8);
    size = large > BigInt(Number.MAX_SAFE_INTEGER) ? Infinity : Number(large);
    header = 16;
  } else if (small === 0) {
    // Size 0 means "to the end of the file", which only a top-level box may say.
    if (!top) throw new UnreadableVideoError(`box ${type} of size 0 at ${at}`);
    size = end - at;
  }
  if (size < header || at + size > end)
    throw new UnreadableVideoError(`box ${type} of size ${size} at ${at} overruns ${end}`);
  return { type, start: at, header, size };
}

/** Rewrites the box as `free` of the same size (same header form) with zeros after its header. */
async function blank(walk: Walk, box: Box): Promise<void> {
  const head = Buffer.alloc(box.header);
  if (box.header === 16) {
    head.writeUInt32BE(1, 0);
    head.writeBigUInt64BE(BigInt(box.size), 8);
  } else {
    head.writeUInt32BE(box.size, 0);
  }
  head.write('free', 4, 'latin1');
  await walk.handle.write(head, 0, head.length, box.start);
  await zero(walk.handle, box.start + box.header, box.start + box.size);
  walk.blanked += 1;
}

/**
 * Timed metadata tracks (handler `meta`, or `camm` for camera motion) carry
 * samples in `mdat`, such as an action camera's GPS fixes (GoPro's `gpmd`).
 * Their samples are zeroed where the track's sample table says they are, and
 * the track itself becomes `free`: the video and sound tracks never point
 * there, so what plays is unchanged.
 */
const TIMED_METADATA = new Set(['meta', 'camm']);
/** A sample table larger than this is refused rather than read into memory. */
const MAX_TABLE_BYTES = 16 * 1024 * 1024;
/** A metadata track of more chunks than this (a write each) is refused: real ones have a few thousand. */
const MAX_CHUNKS = 200_000;

/** Whether the track's media handler is a timed metadata one. */
async function isTimedMetadata(walk: Walk, trak: Box): Promise<boolean> {
  const hdlr = await findBox(walk, trak, ['mdia', 'hdlr']);
  if (!hdlr) return false;
  // Version and flags, then QuickTime's component type (pre_defined in ISO), then the handler.
  const body = await readBody(walk, hdlr);
  return body.length >= 12 && TIMED_METADATA.has(body.toString('latin1', 8, 12));
}

/** Zeroes every chunk of the track in the file, by its stco / co64, stsc and stsz tables. */
async function zeroSamples(walk: Walk, trak: Box): Promise<void> {
  const stbl = await findBox(walk, trak, ['mdia', 'minf', 'stbl']);
  const table = async (type: string) => {
    const found = stbl && (await findBox(walk, stbl, [type]));
    return found ? readBody(walk, found) : null;
  };
  const stsz = await table('stsz');
  const stsc = await table('stsc');
  const co64 = await table('co64');
  const stco = co64 ? null : await table('stco');
  if (!stsz || !stsc || (!stco && !co64))
    throw new UnreadableVideoError('a metadata track without a sample table');
  const offsets = co64 ? chunkOffsets(co64, 8) : chunkOffsets(stco!, 4);
  const fixedSize = u32(stsz, 4);
  const sampleCount = u32(stsz, 8);
  const sizeOf = (sample: number) => (fixedSize !== 0 ? fixedSize : u32(stsz, 12 + 4 * sample));
  let sample = 0;
  for (let chunk = 0; chunk < offsets.length && sample < sampleCount; chunk += 1) {
    const perChunk = samplesPerChunk(stsc, chunk + 1);
    let bytes = 0;
    for (let i = 0; i < perChunk && sample < sampleCount; i += 1, sample += 1)
      bytes += sizeOf(sample);
    const start = Math.min(offsets[chunk]!, walk.size);
    await zero(walk.handle, start, Math.min(start + bytes, walk.size));
  }
}

/** The chunk offsets of an stco (4 bytes each) or co64 (8) table. */
function chunkOffsets(body: Buffer, width: 4 | 8): number[] {
  const count = u32(body, 4);
  if (8 + count * width > body.length) throw new UnreadableVideoError('chunk offsets overrun');
  if (count > MAX_CHUNKS) throw new UnreadableVideoError(`${count} chunks in a metadata track`);
  return Array.from({ length: count }, (_, i) =>
    width === 8 ? Number(body.readBigUInt64BE(8 + 8 * i)) : body.readUInt32BE(8 + 4 * i),
  );
}

/** Samples in the 1-based `chunk`, from stsc's runs (first chunk, samples per chunk, description). */
function samplesPerChunk(stsc: Buffer, chunk: number): number {
  const runs = u32(stsc, 4);
  let per = 0;
  for (let run = 0; run < runs && u32(stsc, 8 + 12 * run) <= chunk; run += 1)
    per = u32(stsc, 12 + 12 * run);
  return per;
}

function u32(body: Buffer, at: number): number {
  if (at + 4 > body.length) throw new UnreadableVideoError('a table ends early');
  return body.readUInt32BE(at);
}

/** The first box along `path` below `parent`, one type a level. */
async function findBox(walk: Walk, parent: Box, path: string[]): Promise<Box | undefined> {
  let current = parent;
  for (const type of path) {
    let found: Box | undefined;
    const end = current.start + current.size;
    for (let at = current.start + current.header; at < end && !found;) {
      walk.boxes += 1;
      if (walk.boxes > MAX_BOXES) throw new UnreadableVideoError('too many boxes');
      const box = await readBox(walk.handle, at, end, false);
      if (box.type === type) found = box;
      at = box.start + box.size;
    }
    if (!found) return undefined;
    current = found;
  }
  return current;
}

/** A box's contents after its header; one larger than a sample table may be is refused. */
async function readBody(walk: Walk, box: Box): Promise<Buffer> {
  const length = box.size - box.header;
  if (length > MAX_TABLE_BYTES) throw new UnreadableVideoError(`box ${box.type} too large to read`);
  const body = Buffer.alloc(length);
  await walk.handle.read(body, 0, length, box.start + box.header);
  return body;
}

async function zero(handle: fs.FileHandle, start: number, end: number): Promise<void> {
  for (let at = start; at < end; at += ZEROS.length)
    await handle.write(ZEROS, 0, Math.min(ZEROS.length, end - at), at);
}

/**
 * AVI (RIFF). Cameras write their make, the owner, the date and the software
 * into `LIST INFO`, XMP into `_PMX`, and maker notes into `IDIT`, `strd`,
 * `strn` or LISTs of their own. Here only what playback reads is kept: in each
 * `RIFF AVI ` / `AVIX` the header list, the data (`movi`, not walked) and the
 * index; in the header list the main header and the stream lists; in a stream
 * list its header, format, index and video properties. Anything else becomes
 * a zero-filled `JUNK` chunk of the same size, which players skip.
 */
const RIFF_KEEP: Record<string, Set<string>> = {
  riff: new Set(['LIST hdrl', 'LIST movi', 'idx1', 'JUNK']),
  hdrl: new Set(['avih', 'LIST strl', 'LIST odml', 'JUNK']),
  strl: new Set(['strh', 'strf', 'indx', 'vprp', 'JUNK']),
};

interface Chunk {
  /** The chunk's id, with a LIST's or RIFF's form type after a space: `LIST hdrl`. */
  name: string;
  start: number;
  size: number;
  /** Where the next chunk starts: after the data and its pad byte. */
  next: number;
}

async function stripRiff(handle: fs.FileHandle, size: number): Promise<number> {
  const walk: Walk = { handle, size, boxes: 0, blanked: 0, movies: 0 };
  for (let at = 0; at < size;) {
    const chunk = await readChunk(walk, at, size);
    if (chunk.name !== 'RIFF AVI ' && chunk.name !== 'RIFF AVIX')
      throw new UnreadableVideoError(`${chunk.name} at ${at}`);
    walk.movies += 1;
    await walkChunks(walk, chunk.start + 12, chunk.start + 8 + chunk.size, 'riff');
    at = chunk.next;
  }
  if (walk.movies === 0) throw new UnreadableVideoError('no RIFF AVI chunk');
  return walk.blanked;
}

async function walkChunks(
  walk: Walk,
  start: number,
  end: number,
  level: keyof typeof RIFF_KEEP,
): Promise<void> {
  for (let at = start; at < end;) {
    const chunk = await readChunk(walk, at, end);
    if (!RIFF_KEEP[level]!.has(chunk.name)) {
      const head = Buffer.alloc(8);
      head.write('JUNK', 0, 'latin1');
      head.writeUInt32LE(chunk.size, 4);
      await walk.handle.write(head, 0, 8, chunk.start);
      await zero(walk.handle, chunk.start + 8, chunk.start + 8 + chunk.size);
      walk.blanked += 1;
    } else if (chunk.name === 'LIST hdrl' || chunk.name === 'LIST strl') {
      const inner = chunk.name === 'LIST hdrl' ? 'hdrl' : 'strl';
      await walkChunks(walk, chunk.start + 12, chunk.start + 8 + chunk.size, inner);
    }
    at = chunk.next;
  }
}

/** The chunk header at `at`; its data must fit what is left of its parent (the last pad byte may be missing). */
async function readChunk(walk: Walk, at: number, end: number): Promise<Chunk> {
  walk.boxes += 1;
  if (walk.boxes > MAX_BOXES) throw new UnreadableVideoError('too many chunks');
  if (end - at < 8) throw new UnreadableVideoError(`${end - at} stray bytes at ${at}`);
  const head = Buffer.alloc(12);
  const { bytesRead } = await walk.handle.read(head, 0, Math.min(12, end - at), at);
  const id = head.toString('latin1', 0, 4);
  const size = head.readUInt32LE(4);
  const list = id === 'LIST' || id === 'RIFF';
  if (list && (size < 4 || bytesRead < 12)) throw new UnreadableVideoError(`short ${id} at ${at}`);
  const name = list ? `${id} ${head.toString('latin1', 8, 12)}` : id;
  const dataEnd = at + 8 + size;
  if (dataEnd > end)
    throw new UnreadableVideoError(`${name} of size ${size} at ${at} overruns ${end}`);
  return { name, start: at, size, next: Math.min(dataEnd + (size & 1), end) };
}
