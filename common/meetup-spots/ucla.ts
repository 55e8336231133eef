import type { MeetupSpot } from './types';

/** University of California, Los Angeles. */
export const UCLA_SPOTS: readonly MeetupSpot[] = [
  {
    id: 'uclapd-lobby',
    name: 'UCLA Police Department lobby',
    description: 'The campus police station’s lobby: staffed and on camera.',
    hours: 'Open 24 hours',
  },
  {
    id: 'ackerman-main',
    name: 'Ackerman Union, main entrance',
    description: 'Inside the student union’s Bruin Walk doors.',
    hours: 'While the Union is open',
  },
  {
    id: 'powell-lobby',
    name: 'Powell Library, front lobby',
    description: 'The library’s entrance rotunda, by the service desk.',
    hours: 'While the library is open',
  },
];
