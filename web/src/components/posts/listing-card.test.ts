import { describe, expect, it } from 'vitest';
import { leadAspect, splitTitle } from './listing-card';

const media = (width: number, height: number) => ({
  id: 'm',
  kind: 'image' as const,
  mime: 'image/webp',
  url: '/m.webp',
  thumbUrl: '/t.webp',
  width,
  height,
  alt: '',
  posterUrl: null,
  durationMs: null,
});

describe("a listing's title and lead photo (ADR 047)", () => {
  it("takes the text's first line as the title and the rest as the description", () => {
    expect(splitTitle('  Oak desk \n\nSturdy.\nPick up Friday. ')).toEqual({
      title: 'Oak desk',
      rest: 'Sturdy.\nPick up Friday.',
    });
    expect(splitTitle('Just a lamp')).toEqual({ title: 'Just a lamp', rest: '' });
    expect(splitTitle('')).toEqual({ title: '', rest: '' });
  });

  it("keeps the photo's shape between 4:5 and 16:9, and none when unmeasured", () => {
    expect(leadAspect(media(1200, 900))).toBeCloseTo(4 / 3);
    expect(leadAspect(media(3000, 1000))).toBeCloseTo(16 / 9);
    expect(leadAspect(media(600, 1800))).toBeCloseTo(4 / 5);
    expect(leadAspect(media(0, 0))).toBeNull();
    expect(leadAspect(undefined)).toBeNull();
  });
});
