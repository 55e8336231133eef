/**
 * The Redis the tests may use (QUAD_TEST_REDIS, set by `npm test` when one
 * answers), or '' to skip Redis tests on a laptop without it. Under CI=true
 * nothing may be skipped: a missing Redis fails the test file.
 */
export function testRedisUrl(): string {
  const url = process.env.QUAD_TEST_REDIS || '';
  if (process.env.CI === 'true' && !url)
    throw new Error('CI=true requires Redis (QUAD_TEST_REDIS)');
  return url;
}
