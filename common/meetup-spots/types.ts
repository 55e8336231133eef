/**
 * A public place on campus where students meet to hand over what they sold
 * (ADR 026): lit, staffed, with people around. Operators
 * edit the list of each campus in its own file (README, "Meetup spots").
 */
export interface MeetupSpot {
  /** Fixed once used: stored on posts and meetups. Lowercase letters, digits and dashes. */
  id: string;
  /** What students call it: "OU Police Department lobby". */
  name: string;
  /** Where exactly, and why it is safe. */
  description: string;
  /** When it is open, if not always. */
  hours?: string;
}
