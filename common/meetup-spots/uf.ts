import type { MeetupSpot } from './types';

/** University of Florida, Gainesville. */
export const UF_SPOTS: readonly MeetupSpot[] = [
  {
    id: 'upd-lobby',
    name: 'UF Police Department lobby',
    description: 'The university police station’s lobby: staffed and on camera.',
    hours: 'Open 24 hours',
  },
  {
    id: 'reitz-union-main',
    name: 'Reitz Union, main entrance',
    description: 'Inside the student union’s main doors, by the information desk.',
    hours: 'While the Union is open',
  },
  {
    id: 'library-west-lobby',
    name: 'Library West, front lobby',
    description: 'The library’s entrance lobby, by the service desk.',
    hours: 'While the library is open',
  },
];
