import type { MeetupSpot } from './types';

/** Stanford University. */
export const STANFORD_SPOTS: readonly MeetupSpot[] = [
  {
    id: 'sudps-lobby',
    name: 'Stanford Department of Public Safety lobby',
    description: 'The public safety building’s lobby: staffed and on camera.',
    hours: 'Open 24 hours',
  },
  {
    id: 'tresidder-main',
    name: 'Tresidder Memorial Union, main entrance',
    description: 'Inside the student union’s main doors.',
    hours: 'While the Union is open',
  },
  {
    id: 'green-library-lobby',
    name: 'Green Library, front lobby',
    description: 'The library’s entrance lobby, by the service desk.',
    hours: 'While the library is open',
  },
];
