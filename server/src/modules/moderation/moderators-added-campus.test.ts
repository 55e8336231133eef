import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';
import { createCampusAdmin } from '../campuses/campuses.admin';
import { unknownCampusIds } from '../campuses/campuses.registry';

/**
 * MODERATORS naming a campus that is not compiled in (ADR 057): the server
 * starts, says which campus it does not have yet, and the moderators moderate
 * from the moment an operator adds it.
 */

const MOD_RICE = 'mod@rice.edu';

const rice = {
  id: 'rice',
  name: 'Rice',
  schoolName: 'Rice University',
  city: 'Houston, Texas',
  state: 'TX',
  emailDomains: ['rice.edu'],
  theme: { primary: '#00205b', accent: '#7c7e7f' },
  instagram: 'ricebuysell',
  supportEmail: 'rice@quadcampus.app',
  spots: [
    { id: 'rmc', name: 'Rice Memorial Center', description: 'Inside the main doors.' },
    { id: 'fondren', name: 'Fondren Library entrance', description: 'By the front desk.' },
  ],
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { MODERATORS: `ou:mod@ou.edu;rice:${MOD_RICE}` } });
});
afterAll(() => t.close());

describe('moderators of a campus added later', () => {
  it('starts the server and names the campus it does not have yet', () => {
    expect(t.app.services.campuses.get('rice')).toBeUndefined();
    expect(unknownCampusIds(['ou', 'rice'], t.app.services.campuses)).toEqual(['rice']);
  });

  it('lets them open the queue once the campus is added, and no one else', async () => {
    await createCampusAdmin({ db: t.app.deps.db, bus: t.app.deps.bus }).add(rice);
    for (let i = 0; i < 100 && !t.app.services.campuses.get('rice'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(unknownCampusIds(['ou', 'rice'], t.app.services.campuses)).toEqual([]);

    const call = callerOn(t.app, 'rice', '198.75');
    const student = (email: string) =>
      userWithSession(t.app, {
        verified: true,
        school_verified: true,
        campus_id: 'rice',
        email,
      });
    const moderator = await student(MOD_RICE);
    const other = await student(`s-${randomUUID().slice(0, 12)}@rice.edu`);

    const queue = await call(moderator, 'GET', '/api/moderation/reports');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json()).toMatchObject({ items: [] });
    expect((await call(other, 'GET', '/api/moderation/reports')).statusCode).toBe(404);
    // The rice moderator moderates rice only: OU's queue does not exist for them.
    const onOu = callerOn(t.app, 'ou', '198.76');
    expect((await onOu(moderator, 'GET', '/api/moderation/reports')).statusCode).toBe(404);
  });
});
