import { describe, expect, it } from 'vitest';
import { birthYearOptions, MIN_AGE_YEARS } from './account';

/** The birth-year list (ADR 050): the Terms' minimum age, computed from today. */
describe('birth years', () => {
  it('run from the year a 16-year-old was born back 100 years, newest first', () => {
    const years = birthYearOptions(new Date(2026, 10, 26), undefined);
    expect(MIN_AGE_YEARS).toBe(16);
    expect(years[0]).toBe(2010);
    expect(years.at(-1)).toBe(1910);
    expect(years).toHaveLength(101);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  it('move with the calendar', () => {
    expect(birthYearOptions(new Date(2031, 0, 1), undefined)[0]).toBe(2015);
  });

  it('keep a stored year outside the list selectable', () => {
    const years = birthYearOptions(new Date(2026, 10, 26), 1899);
    expect(years.at(-1)).toBe(1899);
  });
});
