import type { MeetupSpot } from './types';

/** University of Oklahoma, Norman. */
export const OU_SPOTS: readonly MeetupSpot[] = [
  {
    id: 'oupd-lobby',
    name: 'OU Police Department lobby',
    description: 'The police department lobby on Jenkins Avenue: staffed, lit and on camera.',
    hours: 'Open 24 hours',
  },
  {
    id: 'union-main',
    name: 'Oklahoma Memorial Union, main entrance',
    description: 'Inside the main doors of the student union, by the information desk.',
    hours: 'While the Union is open',
  },
  {
    id: 'bizzell-lobby',
    name: 'Bizzell Memorial Library, front lobby',
    description: 'The library’s main lobby, near the circulation desk.',
    hours: 'While the library is open',
  },
];
