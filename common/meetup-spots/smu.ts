import type { MeetupSpot } from './types';

/** Southern Methodist University, Dallas. */
export const SMU_SPOTS: readonly MeetupSpot[] = [
  {
    id: 'smupd-lobby',
    name: 'SMU Police Department lobby',
    description: 'The campus police lobby: staffed and on camera.',
    hours: 'Open 24 hours',
  },
  {
    id: 'hughes-trigg-main',
    name: 'Hughes-Trigg Student Center, main entrance',
    description: 'Inside the student center’s main doors, by the front desk.',
    hours: 'While the center is open',
  },
];
