import type { ProfileCan } from '@common/schemas/profiles';
import type { PostViewer } from './post';

/**
 * What a viewer may do with another student: their profile, their name in
 * the liked-by list (ADR 044). Pure functions of the viewer and the student,
 * so that what a profile says and what its routes answer agree (the
 * authorization matrix asserts it).
 */

/** What of a student decides it: who they are, their campus, whether their school e-mail is verified. */
export interface PersonFacts {
  id: string;
  campusId: string;
  schoolVerified: boolean;
}

/**
 * Starting a conversation, as the chat policy's canStart and the chats
 * service decide it: two school-verified students of one campus, not the
 * same one, with no block between them either way.
 */
export function mayMessage(viewer: PostViewer | null, person: PersonFacts): boolean {
  return Boolean(
    viewer?.schoolVerified &&
    viewer.campusId === person.campusId &&
    person.schoolVerified &&
    viewer.id !== person.id &&
    !viewer.hidden.has(person.id),
  );
}

/**
 * A profile the viewer sees (a verified reader of the student's campus):
 * they edit only their own; they block, unblock and report anyone else; they
 * message as mayMessage says.
 */
export function profileCan(viewer: PostViewer | null, person: PersonFacts): ProfileCan {
  const self = viewer?.id === person.id;
  const reader = Boolean(viewer?.verified) && viewer?.campusId === person.campusId;
  return {
    edit: Boolean(viewer?.verified) && self,
    message: mayMessage(viewer, person),
    block: reader && !self,
    report: reader && !self,
  };
}
