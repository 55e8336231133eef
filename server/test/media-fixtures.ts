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

/**
 * The start of an ISO media file (an `ftyp` box), which is how mp4 and mov
 * are recognised; the rest stands in for the video data.
 */
export function videoBytes(brand: 'isom' | 'qt  ' = 'isom', size = 64 * 1024): Buffer {
  const ftyp = Buffer.alloc(32);
  ftyp.writeUInt32BE(32, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(brand, 8, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write(brand === 'qt  ' ? 'qt  qt  qt  qt  ' : 'isomiso2avc1mp41', 16, 'latin1');
  const body = Buffer.alloc(Math.max(0, size - ftyp.length));
  for (let i = 0; i < body.length; i += 997) body[i] = i % 256;
  return Buffer.concat([ftyp, body]);
}

/** The start of an AVI (RIFF … AVI) file. */
export function aviBytes(size = 4096): Buffer {
  const head = Buffer.concat([
    Buffer.from('RIFF', 'latin1'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('AVI LIST', 'latin1'),
  ]);
  head.writeUInt32LE(size - 8, 4);
  return Buffer.concat([head, Buffer.alloc(size - head.length)]);
}
