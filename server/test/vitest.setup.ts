import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A test fails on an unexpected console.error. A test that expects one calls
 * `allowConsoleError()` first.
 */
let allowed = false;
let spy: ReturnType<typeof vi.spyOn> | undefined;

export function allowConsoleError(): void {
  allowed = true;
}

beforeEach(() => {
  allowed = false;
  spy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (!allowed && calls.length > 0) {
    throw new Error(
      `Unexpected console.error: ${calls.map((c: unknown[]) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});
