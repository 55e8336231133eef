import type { MeetupSpot } from './types';

/** Duke University, Durham. */
export const DUKE_SPOTS: readonly MeetupSpot[] = [
  {
    id: 'dukepd-lobby',
    name: 'Duke Police Department lobby',
    description: 'The campus police station’s lobby: staffed and on camera.',
    hours: 'Open 24 hours',
  },
  {
    id: 'bryan-center-main',
    name: 'Bryan Center, main entrance',
    description: 'Inside the student center’s main doors, by the information desk.',
    hours: 'While the center is open',
  },
  {
    id: 'perkins-lobby',
    name: 'Perkins Library, front lobby',
    description: 'The library’s entrance lobby, by the service desk.',
    hours: 'While the library is open',
  },
];
