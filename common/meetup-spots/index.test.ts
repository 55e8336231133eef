import { describe, expect, it } from 'vitest';
import { CAMPUS_IDS } from '../campuses';
import { findSpot, MEETUP_SPOTS } from './index';

describe('meetup spots', () => {
  it.each(CAMPUS_IDS)(
    '%s has at least two spots, each with a unique id, a name and a description',
    (id) => {
      const spots = MEETUP_SPOTS[id];
      expect(spots.length).toBeGreaterThanOrEqual(2);
      expect(new Set(spots.map((s) => s.id)).size).toBe(spots.length);
      for (const spot of spots) {
        expect(spot.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(spot.name.trim()).not.toBe('');
        expect(spot.description.trim()).not.toBe('');
      }
    },
  );

  it('finds a spot only on its own campus', () => {
    expect(findSpot('ou', 'oupd-lobby')?.name).toBe('OU Police Department lobby');
    expect(findSpot('ut', 'oupd-lobby')).toBeUndefined();
    expect(findSpot('nowhere', 'union-main')).toBeUndefined();
  });
});
