import type { ModerationItem } from '@common/schemas/moderation';
import type { moderationRepository as repo, TargetColumns } from './moderation.repository';

/** At most this many reasons are shown per reported thing. */
const REASONS_SHOWN = 20;

type Rows<K extends keyof typeof repo> = Awaited<ReturnType<(typeof repo)[K]>>;

/** The id of the thing a report points at, whichever its kind. */
export const targetKey = (r: TargetColumns): string =>
  r.target_post_id ?? r.target_message_id ?? r.target_review_id ?? r.target_user_id!;

/** The student an action is against, as the queue shows them. */
const person = (p: {
  user_id: string;
  username: string;
  first_name: string;
  last_name: string;
}) => ({
  id: p.user_id,
  username: p.username,
  firstName: p.first_name,
  lastName: p.last_name,
});

/**
 * The queue's items (ADR 025): each reported thing with its reports, in
 * context. A thing gone since, or of another campus, is left out.
 */
export function presentQueue(
  campusId: string,
  rows: Rows<'openTargets'>,
  {
    reasons,
    postRows,
    messageRows,
    before,
    studentRows,
    reviewRows,
  }: {
    reviewRows: Rows<'reviewsWithAuthors'>;
    reasons: Rows<'openReasons'>;
    postRows: Rows<'postsWithAuthors'>;
    messageRows: Rows<'messagesWithSenders'>;
    before: Rows<'twoBefore'>;
    studentRows: Rows<'students'>;
  },
): ModerationItem[] {
  const reasonsOf = groupReasons(reasons);
  const postsById = new Map(postRows.map((p) => [p.id, p]));
  const messagesById = new Map(messageRows.map((m) => [m.id, m]));
  const studentsById = new Map(studentRows.map((s) => [s.id, s]));
  const reviewsById = new Map(reviewRows.map((v) => [v.id, v]));
  return rows.flatMap((r): ModerationItem[] => {
    const common = {
      reporters: r.reporters,
      reasons: (reasonsOf.get(targetKey(r)) ?? []).slice(0, REASONS_SHOWN),
      lastReportedAt: r.last_at,
      before: [] as ModerationItem['before'],
      bio: null,
      postId: null,
    };
    if (r.target_post_id) {
      const p = postsById.get(r.target_post_id);
      if (!p || p.campus_id !== campusId) return [];
      return [
        {
          ...common,
          targetType: p.parent_id === null ? 'post' : 'comment',
          targetId: p.id,
          student: person(p),
          text: p.text,
          postId: p.root_id ?? p.id,
        },
      ];
    }
    if (r.target_message_id) {
      const m = messagesById.get(r.target_message_id);
      if (!m) return [];
      return [
        {
          ...common,
          targetType: 'message',
          targetId: m.id,
          student: person(m),
          text: m.text,
          before: before
            .filter((b) => b.reported_id === m.id)
            .map((b) => ({ id: b.id, senderName: b.first_name, text: b.text })),
        },
      ];
    }
    if (r.target_review_id)
      return reviewItem(reviewsById.get(r.target_review_id), campusId, common);
    const s = studentsById.get(r.target_user_id!);
    if (!s) return [];
    return [
      {
        ...common,
        targetType: 'user',
        targetId: s.id,
        student: person({ ...s, user_id: s.id }),
        text: null,
        bio: s.bio,
      },
    ];
  });
}

type Common = Omit<ModerationItem, 'targetType' | 'targetId' | 'student' | 'text'>;

/** A reported review (ADR 052): its stars, item and words; it opens the listing. */
function reviewItem(
  v: Rows<'reviewsWithAuthors'>[number] | undefined,
  campusId: string,
  common: Common,
): ModerationItem[] {
  if (!v || v.campus_id !== campusId) return [];
  return [
    {
      ...common,
      targetType: 'review',
      targetId: v.id,
      student: person(v),
      text: `${'★'.repeat(v.stars)} ${v.title}${v.text ? `: ${v.text}` : ''}`,
      postId: v.listing_id,
    },
  ];
}

/** The reasons given, by reported thing (empty ones left out). */
function groupReasons(reasons: Rows<'openReasons'>): Map<string, string[]> {
  const byTarget = new Map<string, string[]>();
  for (const r of reasons)
    if (r.reason) byTarget.set(targetKey(r), [...(byTarget.get(targetKey(r)) ?? []), r.reason]);
  return byTarget;
}
