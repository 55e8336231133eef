import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  animatedGif,
  aviBytes,
  phoneJpeg,
  solidImage,
  videoBytes,
} from '../../../test/media-fixtures';
import { detectMedia, processImage } from '.';

/** What a stored variant carries besides pixels: it must be nothing. */
async function metadataOf(data: Buffer) {
  const m = await sharp(data, { animated: true }).metadata();
  return {
    format: m.format,
    exif: m.exif,
    icc: m.icc,
    xmp: m.xmp,
    iptc: m.iptc,
    orientation: m.orientation,
  };
}

describe('processImage', () => {
  it('turns a sideways phone photo upright and strips EXIF, GPS and every other tag', async () => {
    const input = await phoneJpeg(300, 200);
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('QuadPhone');

    const { animated, variants } = await processImage(input);
    expect(animated).toBe(false);
    // 300 × 200 stored sideways is 200 × 300 upright.
    expect([variants.original.width, variants.original.height]).toEqual([200, 300]);
    expect([variants.feed.width, variants.feed.height]).toEqual([200, 300]);
    expect([variants.thumb.width, variants.thumb.height]).toEqual([133, 200]);
    for (const variant of Object.values(variants)) {
      expect(await metadataOf(variant.data)).toEqual({
        format: 'webp',
        exif: undefined,
        icc: undefined,
        xmp: undefined,
        iptc: undefined,
        orientation: undefined,
      });
      expect(variant.data.includes('QuadPhone')).toBe(false);
      expect(variant.data.includes('GPS')).toBe(false);
      const actual = await sharp(variant.data).metadata();
      expect([actual.width, actual.height]).toEqual([variant.width, variant.height]);
    }
    // The left (red) half of the sideways file is the top after turning it clockwise.
    const { data, info } = await sharp(variants.original.data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray(
        (y * info.width + x) * info.channels,
        (y * info.width + x) * info.channels + 3,
      ),
    ];
    expect(pixel(100, 20)[0]).toBeGreaterThan(200);
    expect(pixel(100, 20)[2]).toBeLessThan(60);
    expect(pixel(100, 280)[2]).toBeGreaterThan(200);
    expect(pixel(100, 280)[0]).toBeLessThan(60);
  });

  it('makes a 200 px tall thumbnail, a feed size of 1080 and an original of 2560 on the long side', async () => {
    const { variants } = await processImage(await solidImage(4000, 3000, 'jpeg'));
    expect([variants.original.width, variants.original.height]).toEqual([2560, 1920]);
    expect([variants.feed.width, variants.feed.height]).toEqual([1080, 810]);
    expect([variants.thumb.width, variants.thumb.height]).toEqual([267, 200]);

    const tall = await processImage(await solidImage(1000, 3000, 'png'));
    expect([tall.variants.original.width, tall.variants.original.height]).toEqual([853, 2560]);
    expect([tall.variants.feed.width, tall.variants.feed.height]).toEqual([360, 1080]);
    expect([tall.variants.thumb.width, tall.variants.thumb.height]).toEqual([67, 200]);
  });

  it('never enlarges small photos except to make the thumbnail 200 px tall', async () => {
    const { variants } = await processImage(await solidImage(120, 80, 'webp'));
    expect([variants.original.width, variants.original.height]).toEqual([120, 80]);
    expect([variants.feed.width, variants.feed.height]).toEqual([120, 80]);
    expect([variants.thumb.width, variants.thumb.height]).toEqual([300, 200]);
  });

  it('keeps a panorama thumbnail within 2560 px wide', async () => {
    const { variants } = await processImage(await solidImage(8000, 200, 'jpeg'));
    expect([variants.thumb.width, variants.thumb.height]).toEqual([2560, 64]);
  });

  it('keeps transparency of a PNG', async () => {
    const png = await sharp({
      create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { variants } = await processImage(png);
    expect((await sharp(variants.feed.data).metadata()).hasAlpha).toBe(true);
  });

  it('keeps an animated GIF animated, every frame resized', async () => {
    const { animated, variants } = await processImage(await animatedGif(60, 40, 3));
    expect(animated).toBe(true);
    expect([variants.thumb.width, variants.thumb.height]).toEqual([300, 200]);
    expect([variants.original.width, variants.original.height]).toEqual([60, 40]);
    for (const variant of Object.values(variants)) {
      const m = await sharp(variant.data, { animated: true }).metadata();
      expect(m.format).toBe('webp');
      expect(m.pages).toBe(3);
      expect(m.pageHeight).toBe(variant.height);
      expect(m.delay).toEqual([100, 100, 100]);
    }
  });

  it('refuses bytes that only look like a photo', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 1)]);
    await expect(processImage(fake)).rejects.toThrow();
  });
});

describe('detectMedia', () => {
  it('recognises photos and videos by their bytes', async () => {
    expect(await detectMedia(await solidImage(10, 10, 'jpeg'))).toEqual({
      kind: 'image',
      mime: 'image/jpeg',
      ext: 'jpg',
    });
    expect(await detectMedia(await solidImage(10, 10, 'png'))).toMatchObject({
      kind: 'image',
      ext: 'png',
    });
    expect(await detectMedia(await solidImage(10, 10, 'webp'))).toMatchObject({
      kind: 'image',
      ext: 'webp',
    });
    expect(await detectMedia(await animatedGif())).toMatchObject({ kind: 'image', ext: 'gif' });
    expect(await detectMedia(videoBytes('isom'))).toEqual({
      kind: 'video',
      mime: 'video/mp4',
      ext: 'mp4',
    });
    expect(await detectMedia(videoBytes('qt  '))).toEqual({
      kind: 'video',
      mime: 'video/quicktime',
      ext: 'mov',
    });
    expect(await detectMedia(aviBytes())).toEqual({
      kind: 'video',
      mime: 'video/x-msvideo',
      ext: 'avi',
    });
  });

  it('refuses everything else, whatever it is called', async () => {
    const others = [
      Buffer.from('just some text, saved as photo.jpg'),
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), // a Windows program
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
        .tiff()
        .toBuffer(),
      Buffer.alloc(0),
    ];
    for (const bytes of others) expect(await detectMedia(bytes)).toBeNull();
  });
});
