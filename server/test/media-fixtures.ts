import sharp from 'sharp';

/**
 * Real files for the media tests, made with sharp (no binary fixtures in the
 * repository). Only tests import this file.
 */

/** A JPEG as phones write it: stored sideways with EXIF orientation 6, GPS and camera tags. */
export async function phoneJpeg(width = 300, height = 200): Promise<Buffer> {
  // Left half red, right half blue: after turning upright, red is on top.
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: {
          create: { width: width / 2, height, channels: 3, background: '#ff0000' },
        },
        left: 0,
        top: 0,
      },
    ])
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'QuadPhone', Model: 'Q1', Copyright: 'Jamie Rivera' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '35/1 12/1 3456/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '97/1 26/1 4567/100',
        },
      },
    })
    .toBuffer();
}

/** A plain image of any size and format. */
export function solidImage(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp',
  background = '#3a7',
): Promise<Buffer> {
  const channels = format === 'png' ? 4 : 3;
  return sharp({ create: { width, height, channels, background } }).toFormat(format).toBuffer();
}

/** An animated GIF: `frames` frames of width × height, each a different colour. */
export async function animatedGif(width = 60, height = 40, frames = 3): Promise<Buffer> {
  const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff'];
  const strip = await sharp({
    create: { width, height: height * frames, channels: 3, background: '#ffffff' },
  })
    .composite(
      Array.from({ length: frames }, (_, i) => ({
        input: { create: { width, height, channels: 3, background: colours[i % colours.length]! } },
        top: i * height,
        left: 0,
      })),
    )
    .raw()
    .toBuffer();
  return sharp(strip, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: Array.from({ length: frames }, () => 100), loop: 0 })
    .toBuffer();
}

/** One ISO / QuickTime box: a 32-bit size, a four-letter type, then its contents. */
export function box(type: string, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A full box: a box whose contents start with a version and flags. */
function fullBox(type: string, ...contents: Buffer[]): Buffer {
  return box(type, Buffer.alloc(4), ...contents);
}

const u32 = (...values: number[]) => {
  const data = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => data.writeUInt32BE(v, 4 * i));
  return data;
};

function ftyp(brand: 'isom' | 'qt  '): Buffer {
  const compatible = brand === 'qt  ' ? 'qt  qt  qt  qt  ' : 'isomiso2avc1mp41';
  return box('ftyp', Buffer.from(brand, 'latin1'), u32(0x200), Buffer.from(compatible, 'latin1'));
}

/** Where a phone says the video was taken, and on what: what must never be stored. */
export const PHONE_VIDEO_SECRETS = {
  location: '+40.7128-074.0060/',
  appleLocation: '+40.7128-074.0060+010.000/',
  make: 'Apple',
  model: 'iPhone 15 Pro',
  software: '17.4.1',
  owner: 'Jamie Rivera',
} as const;

/** The bytes of the one video sample, which must still be where `stco` points. */
export const PHONE_VIDEO_SAMPLE = Buffer.from(
  'QUAD-SAMPLE-0001:the frame data of the clip',
  'latin1',
);

/** `udta` as Android and QuickTime write it: ©xyz (location), ©mak, ©mod, ©swr. */
function userData(): Buffer {
  // A QuickTime text item: its length, a language code, the text.
  const text = (type: string, value: string) => {
    const head = Buffer.alloc(4);
    head.writeUInt16BE(value.length, 0);
    head.writeUInt16BE(0x15c7, 2);
    return box(type, head, Buffer.from(value, 'latin1'));
  };
  const s = PHONE_VIDEO_SECRETS;
  return box(
    'udta',
    text('\xa9xyz', s.location),
    text('\xa9mak', s.make),
    text('\xa9mod', s.model),
    text('\xa9swr', s.software),
  );
}

/** `meta` with `keys` and `ilst` as iPhones write it (com.apple.quicktime.*). */
function appleMeta(): Buffer {
  const s = PHONE_VIDEO_SECRETS;
  const entries: [string, string][] = [
    ['com.apple.quicktime.location.ISO6709', s.appleLocation],
    ['com.apple.quicktime.make', s.make],
    ['com.apple.quicktime.model', s.model],
    ['com.apple.quicktime.software', s.software],
    ['com.apple.quicktime.author', s.owner],
  ];
  const keys = fullBox(
    'keys',
    u32(entries.length),
    ...entries.map(([key]) => box('mdta', Buffer.from(key, 'latin1'))),
  );
  const ilst = box(
    'ilst',
    ...entries.map(([, value], i) =>
      box(
        String.fromCharCode(0, 0, 0, i + 1),
        box('data', u32(1, 0), Buffer.from(value, 'latin1')),
      ),
    ),
  );
  const hdlr = fullBox('hdlr', u32(0), Buffer.from('mdta', 'latin1'), Buffer.alloc(13));
  return box('meta', hdlr, keys, ilst);
}

/** An XMP packet in its `uuid` box, with the same location and camera. */
function xmpUuid(): Buffer {
  const s = PHONE_VIDEO_SECRETS;
  const xmp =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description ' +
    `exif:GPSLatitude="40,42.768N" tiff:Make="${s.make}" tiff:Model="${s.model}" ` +
    `dc:creator="${s.owner}"/></rdf:RDF></x:xmpmeta>`;
  const uuid = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
  return box('uuid', uuid, Buffer.from(xmp, 'utf8'));
}

/** One video track whose single chunk is at `chunkOffset`, with its own user data and meta. */
function track(chunkOffset: number): Buffer {
  const stbl = box(
    'stbl',
    fullBox('stsd', u32(1), box('avc1', Buffer.alloc(78))),
    fullBox('stts', u32(1, 1, 600)),
    fullBox('stsc', u32(1, 1, 1, 1)),
    fullBox('stsz', u32(0, 1, PHONE_VIDEO_SAMPLE.length)),
    fullBox('stco', u32(1, chunkOffset)),
  );
  const minf = box(
    'minf',
    fullBox('vmhd', Buffer.alloc(8)),
    box('dinf', fullBox('dref', u32(1), fullBox('url ', Buffer.alloc(0)))),
    stbl,
  );
  const mdia = box(
    'mdia',
    fullBox('mdhd', Buffer.alloc(20)),
    fullBox(
      'hdlr',
      u32(0),
      Buffer.from('vide', 'latin1'),
      Buffer.alloc(12),
      Buffer.from('VideoHandler\0', 'latin1'),
    ),
    minf,
  );
  return box('trak', fullBox('tkhd', Buffer.alloc(80)), mdia, userData(), appleMeta());
}

/** Two GPS fixes as an action camera records them in a timed metadata track's samples. */
export const TELEMETRY_SAMPLES = [
  Buffer.from('GPS5 +40.7128-074.0060/ fix 3d', 'latin1'),
  Buffer.from('GPS5 +40.7129-074.0061/ fix 3d', 'latin1'),
];

/** A timed metadata track (handler `meta`, GoPro's `gpmd` samples) with both fixes in one chunk, by co64. */
function telemetryTrack(chunkOffset: number): Buffer {
  const offset = Buffer.alloc(8);
  offset.writeBigUInt64BE(BigInt(chunkOffset));
  const [first, second] = TELEMETRY_SAMPLES as [Buffer, Buffer];
  const stbl = box(
    'stbl',
    fullBox('stsd', u32(1), box('gpmd', Buffer.alloc(8))),
    fullBox('stts', u32(1, 2, 1000)),
    fullBox('stsc', u32(1, 1, 2, 1)),
    fullBox('stsz', u32(0, 2, first.length, second.length)),
    fullBox('co64', u32(1), offset),
  );
  const minf = box('minf', fullBox('nmhd'), stbl);
  const hdlr = fullBox('hdlr', u32(0), Buffer.from('meta', 'latin1'), Buffer.alloc(12));
  return box(
    'trak',
    fullBox('tkhd', Buffer.alloc(80)),
    box('mdia', fullBox('mdhd', Buffer.alloc(20)), hdlr, minf),
  );
}

/**
 * A video as a phone writes it (MP4 from Android, MOV from an iPhone): ftyp,
 * then the movie (mvhd, a track with its sample table, udta with ©xyz, ©mak,
 * ©mod, and meta with Apple's location and model keys), an XMP uuid box and
 * the media data. `faststart` puts the movie before the data, as phones
 * that stream do; otherwise it comes last. `stco` points at PHONE_VIDEO_SAMPLE.
 * `telemetry` adds an action camera's GPS track, its samples after the video's.
 */
export function phoneVideo(
  brand: 'isom' | 'qt  ',
  { faststart = true, telemetry = false } = {},
): Buffer {
  const head = ftyp(brand);
  const movie = (dataAt: number) =>
    box(
      'moov',
      fullBox('mvhd', Buffer.alloc(96)),
      track(dataAt),
      ...(telemetry ? [telemetryTrack(dataAt + PHONE_VIDEO_SAMPLE.length)] : []),
      userData(),
      appleMeta(),
    );
  const mdat = box(
    'mdat',
    PHONE_VIDEO_SAMPLE,
    ...(telemetry ? TELEMETRY_SAMPLES : []),
    Buffer.alloc(4000, 0x42),
  );
  const xmp = xmpUuid();
  if (!faststart) return Buffer.concat([head, mdat, xmp, movie(head.length + 8)]);
  const before = head.length + movie(0).length + xmp.length;
  return Buffer.concat([head, movie(before + 8), xmp, mdat]);
}

/**
 * A small valid ISO media file (ftyp, a movie without metadata, media data),
 * which is how mp4 and mov are recognised; `size` bytes in all.
 */
export function videoBytes(brand: 'isom' | 'qt  ' = 'isom', size = 64 * 1024): Buffer {
  const head = Buffer.concat([ftyp(brand), box('moov', fullBox('mvhd', Buffer.alloc(96)))]);
  const body = Buffer.alloc(Math.max(0, size - head.length - 8));
  for (let i = 0; i < body.length; i += 997) body[i] = i % 256;
  return Buffer.concat([head, box('mdat', body)]);
}

/** One RIFF chunk: a four-letter id, a little-endian size, the data and a pad byte to an even length. */
export function chunk(id: string, ...contents: Buffer[]): Buffer {
  const data = Buffer.concat(contents);
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length & 1)]);
}

/** A RIFF list (`LIST` or `RIFF`) of this form type. */
function riffList(id: 'LIST' | 'RIFF', form: string, ...chunks: Buffer[]): Buffer {
  return chunk(id, Buffer.from(form, 'latin1'), ...chunks);
}

/**
 * An AVI as a camera writes it: headers with a stream list (whose `strd` holds
 * the camera's maker notes and `strn` a name), `IDIT` (when), `LIST INFO`
 * (software, owner, title), an XMP `_PMX` chunk with the location, the data
 * and its index. `withMetadata: false` leaves out everything but playback's.
 */
export function cameraAvi({ withMetadata = true } = {}): Buffer {
  const s = PHONE_VIDEO_SECRETS;
  const text = (value: string) => Buffer.from(`${value}\0`, 'latin1');
  const strl = riffList(
    'LIST',
    'strl',
    chunk('strh', Buffer.from('vids', 'latin1'), Buffer.alloc(52)),
    chunk('strf', Buffer.alloc(40)),
    ...(withMetadata
      ? [chunk('strd', text(`NIKON ${s.model} ${s.software}`)), chunk('strn', text(s.owner))]
      : []),
  );
  const hdrl = riffList(
    'LIST',
    'hdrl',
    chunk('avih', Buffer.alloc(56)),
    strl,
    ...(withMetadata ? [chunk('IDIT', text('SAT APR 12 10:31:07 2026'))] : []),
  );
  const info = riffList(
    'LIST',
    'INFO',
    chunk('ISFT', text(`${s.make} ${s.model}`)),
    chunk('IART', text(s.owner)),
    chunk('INAM', text(s.location)),
  );
  const xmp = chunk(
    '_PMX',
    Buffer.from(`<x:xmpmeta><exif:GPSLatitude>40,42.768N</exif:GPSLatitude>${s.make}</x:xmpmeta>`),
  );
  const movi = riffList('LIST', 'movi', chunk('00dc', PHONE_VIDEO_SAMPLE));
  const idx1 = chunk(
    'idx1',
    Buffer.from('00dc', 'latin1'),
    Buffer.from([0x10, 0, 0, 0, 4, 0, 0, 0]),
    Buffer.alloc(4),
  );
  return riffList(
    'RIFF',
    'AVI ',
    hdrl,
    ...(withMetadata ? [info, chunk('JUNK', Buffer.alloc(16)), xmp] : []),
    movi,
    idx1,
  );
}

/** A small valid AVI, padded with a JUNK chunk to `size` bytes (at least its own ~300). */
export function aviBytes(size = 4096): Buffer {
  const plain = cameraAvi({ withMetadata: false });
  const padding = chunk('JUNK', Buffer.alloc(Math.max(0, size - plain.length - 8)));
  return riffList('RIFF', 'AVI ', plain.subarray(12), padding);
}

/** The chunk ids of a RIFF file, nested into lists: `['RIFF AVI ', ['LIST hdrl', [...]], ...]`. */
export function readChunks(data: Buffer, start = 0, end = data.length): unknown[] {
  const found: unknown[] = [];
  for (let at = start; at < end;) {
    const id = data.toString('latin1', at, at + 4);
    const size = data.readUInt32LE(at + 4);
    if (at + 8 + size > end) throw new Error(`bad chunk ${id} at ${at}`);
    if (id === 'LIST' || id === 'RIFF') {
      const form = data.toString('latin1', at + 8, at + 12);
      found.push([
        `${id} ${form}`,
        form === 'movi' ? [] : readChunks(data, at + 12, at + 8 + size),
      ]);
    } else found.push(id);
    at += 8 + size + (size & 1);
  }
  return found;
}

/** A box as the tests read it back: its type, where it starts and ends, and its children when walked. */
export interface ReadBox {
  type: string;
  start: number;
  end: number;
  children?: ReadBox[];
}

const WALKED = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'dinf', 'udta', 'meta']);

/**
 * The box tree of an ISO / QuickTime file, read independently of the server's
 * walker: throws unless the boxes exactly fill the file and each container.
 */
export function readBoxes(data: Buffer, start = 0, end = data.length): ReadBox[] {
  const boxes: ReadBox[] = [];
  for (let at = start; at < end;) {
    if (end - at < 8) throw new Error(`stray bytes at ${at}`);
    const size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (size < 8 || at + size > end) throw new Error(`bad box ${type} at ${at}`);
    // QuickTime's `meta` has no version and flags; ISO's has four bytes of them.
    const first = type === 'meta' && data.toString('latin1', at + 12, at + 16) !== 'hdlr' ? 12 : 8;
    boxes.push({
      type,
      start: at,
      end: at + size,
      ...(WALKED.has(type) ? { children: readBoxes(data, at + first, at + size) } : {}),
    });
    at += size;
  }
  return boxes;
}

/** The types of a tree of boxes, nested: `['ftyp', ['moov', [...]], 'mdat']`. */
export function boxTypes(boxes: ReadBox[]): unknown[] {
  return boxes.map((b) => (b.children ? [b.type, boxTypes(b.children)] : b.type));
}

/** The first box of this type found depth first. */
export function findBox(boxes: ReadBox[], type: string): ReadBox | undefined {
  for (const b of boxes) {
    if (b.type === type) return b;
    const inner = b.children && findBox(b.children, type);
    if (inner) return inner;
  }
  return undefined;
}
