import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { Verified, VerifiedBadge } from './VerifiedBadge';

/**
 * The badge beside a school-verified student's name (ADR 049): an image named
 * "Verified student" for screen readers, the same words on hover, its drawing
 * hidden from them. Where it shows is e2e/verified-badges.
 */

afterEach(cleanup);

describe('the verified badge', () => {
  it('is an image named "Verified student", with the same tooltip', () => {
    render(<VerifiedBadge />);
    const badge = screen.getByRole('img', { name: 'Verified student' });
    expect(MESSAGES.verifiedStudent).toBe('Verified student');
    expect(badge.getAttribute('title')).toBe('Verified student');
    expect(badge.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('follows a name without joining its text, and shows only for a verified student', () => {
    render(
      <p>
        <a href="/sam">Sam K.</a>
        <Verified verified />
        <a href="/noa">Noa P.</a>
        <Verified verified={false} />
      </p>,
    );
    expect(screen.getByRole('link', { name: 'Sam K.' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Verified student' })).toHaveLength(1);
  });
});
