import type { SeededCampusId } from '../campuses';
import { GENERIC_SPOTS } from './campus';
import { DUKE_SPOTS } from './duke';
import { OU_SPOTS } from './ou';
import { SMU_SPOTS } from './smu';
import { STANFORD_SPOTS } from './stanford';
import type { MeetupSpot } from './types';
import { UCLA_SPOTS } from './ucla';
import { UF_SPOTS } from './uf';
import { UT_SPOTS } from './ut';

export type { MeetupSpot } from './types';

/** Each campus's public exchange spots (ADR 026); one file per campus. */
export const MEETUP_SPOTS: Readonly<Record<SeededCampusId, readonly MeetupSpot[]>> = {
  ou: OU_SPOTS,
  ut: UT_SPOTS,
  smu: SMU_SPOTS,
  uf: UF_SPOTS,
  ucla: UCLA_SPOTS,
  stanford: STANFORD_SPOTS,
  duke: DUKE_SPOTS,
  campus: GENERIC_SPOTS,
};

type SpotLookup = (campusId: string, spotId: string) => MeetupSpot | undefined;

const compiledSpot: SpotLookup = (campusId, spotId) =>
  findCompiled(campusId).find((s) => s.id === spotId);
let lookup: SpotLookup = compiledSpot;

/**
 * Where `findSpot` looks: the compiled lists until the server's campus
 * registry (ADR 054) hands its own, read from the database.
 */
export function setSpotLookup(next: SpotLookup | null): void {
  lookup = next ?? compiledSpot;
}

/** The campus's spot of that id, if it has one. */
export function findSpot(campusId: string, spotId: string): MeetupSpot | undefined {
  return lookup(campusId, spotId);
}

/** The campus's spots: the registry's (ADR 054), else the compiled ones of its id. */
export function spotsOf(campus: {
  id: string;
  spots?: readonly MeetupSpot[];
}): readonly MeetupSpot[] {
  return campus.spots ?? findCompiled(campus.id);
}

function findCompiled(campusId: string): readonly MeetupSpot[] {
  return (MEETUP_SPOTS as Record<string, readonly MeetupSpot[] | undefined>)[campusId] ?? [];
}

/** The campus's spot of that id, from its own list (ADR 054). */
export function findCampusSpot(
  campus: { id: string; spots?: readonly MeetupSpot[] },
  spotId: string,
): MeetupSpot | undefined {
  return spotsOf(campus).find((s) => s.id === spotId);
}
