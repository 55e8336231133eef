import type { MeetupSpot } from './types';

/** The University of Texas at Austin. */
export const UT_SPOTS: readonly MeetupSpot[] = [
  {
    id: 'utpd-lobby',
    name: 'UT Police Department lobby',
    description: 'The university police building’s lobby: staffed and on camera.',
    hours: 'Open 24 hours',
  },
  {
    id: 'union-main',
    name: 'Texas Union, main entrance',
    description: 'Inside the Guadalupe Street doors of the student union.',
    hours: 'While the Union is open',
  },
  {
    id: 'pcl-lobby',
    name: 'Perry-Castañeda Library, front lobby',
    description: 'The PCL’s entrance lobby, by the service desk.',
    hours: 'While the library is open',
  },
];
