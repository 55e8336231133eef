import type { MeetupSpot } from './types';

/** The generic multi-campus site: places every campus has. */
export const GENERIC_SPOTS: readonly MeetupSpot[] = [
  {
    id: 'police-lobby',
    name: 'Campus police department lobby',
    description:
      'Many campus police departments welcome exchanges in their lobby: staffed and on camera.',
  },
  {
    id: 'union-main',
    name: 'Student Union, main entrance',
    description: 'Inside the student union’s main doors, where people come and go.',
    hours: 'While the Union is open',
  },
];
