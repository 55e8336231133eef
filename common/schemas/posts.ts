import { z } from 'zod';
import { CAMPUS_IDS } from '../campuses';
import { ALL_CATEGORIES, CATEGORIES } from '../categories';
import { POST_MAX_CHARS } from '../limits';
import { countPostCharacters, isBlank } from '../text';
import { cursorField, idField, lines, NO_CONTROLS } from './fields';
import { spotIdField, spotRefSchema } from './meetups';

/** Spec core §5/§8 wording for the composer and posts. */
export const POST_MESSAGES = {
  tooManyCharacters: 'Error: Too many characters!',
  needTextOrFile: 'Write something or add a photo.',
  tooManyFiles: 'Please choose up to 10 photos.',
  onlyPhotosVideos: 'Only photos & videos are allowed!',
  /** Post creation (spec core §4); the feed's ?filter=notify-posted alert has no full stop (§2). */
  postSent: 'Your post was sent.',
  replySent: 'Your reply was sent',
  postDeleted: 'Your post was deleted',
  commentRemoved: 'Comment Removed',
  postSaved: 'Post saved.',
  saved: 'Saved!',
  save: 'Save',
  categorySwitched: 'Category switched',
  postDeletedMissing: 'Sorry, that post has been deleted.',
  missingPage: "Hmm...this page doesn't exist. Try searching for something else.",
  beFirstToComment: 'Be the first to comment',
  noPhotosVideos: 'No Photos / Videos',
  composerPlaceholder: 'What are you selling?',
  commentPlaceholder: 'Write a comment...',
  boostVisibility: 'Boost visibility',
  boostVisibilityText: 'Add a category to your post for better search results.',
  deletePostTitle: 'Delete Post?',
  ownCampusOnly: 'You can post only on your own campus.',
  notYours: 'Only the author can delete this post.',
  seeMore: 'See more',
  seeLess: 'See less',
  likedBy: 'Liked by',
} as const;

export const MAX_FILES_PER_POST = 10;

export const categorySchema = z.enum(CATEGORIES);

export const createPostBodySchema = z
  .object({
    text: z
      .string()
      .max(POST_MAX_CHARS * 4, POST_MESSAGES.tooManyCharacters)
      .default('')
      .refine(lines, NO_CONTROLS)
      .refine((t) => countPostCharacters(t) <= POST_MAX_CHARS, POST_MESSAGES.tooManyCharacters),
    category: categorySchema.nullish(),
    parentId: idField.nullish(),
    mediaIds: z.array(idField).max(MAX_FILES_PER_POST, POST_MESSAGES.tooManyFiles).default([]),
    /** A listing's pick-up spot, one of the campus's (ADR 026). */
    spotId: spotIdField.nullish(),
  })
  .refine((b) => !isBlank(b.text) || b.mediaIds.length > 0, {
    message: POST_MESSAGES.needTextOrFile,
    path: ['text'],
  });
export type CreatePostBody = z.input<typeof createPostBodySchema>;
export type CreatePostInput = z.output<typeof createPostBodySchema>;

export const mediaSchema = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video']),
  mime: z.string(),
  url: z.string(),
  /** 200 px tall thumbnail (images; videos use the poster-less original). */
  thumbUrl: z.string(),
  width: z.number(),
  height: z.number(),
});
export type MediaDto = z.infer<typeof mediaSchema>;

export const authorSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  /** "D." — feeds show the first name and last initial (DESIGN §11). */
  lastInitial: z.string(),
  avatarUrl: z.string().nullable(),
  verified: z.boolean(),
});
export type AuthorDto = z.infer<typeof authorSchema>;

export const postSchema = z.object({
  id: z.string(),
  campusId: z.enum(CAMPUS_IDS),
  parentId: z.string().nullable(),
  rootId: z.string().nullable(),
  depth: z.number(),
  text: z.string(),
  category: z.string().nullable(),
  author: authorSchema,
  media: z.array(mediaSchema),
  likeCount: z.number(),
  commentCount: z.number(),
  liked: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Where the seller meets buyers (ADR 026); null when none was picked. */
  spot: spotRefSchema.nullable(),
});
export type PostDto = z.infer<typeof postSchema>;

export type CommentNode = PostDto & { replies: CommentNode[] };
export const commentNodeSchema: z.ZodType<CommentNode> = z.lazy(() =>
  postSchema.extend({ replies: z.array(commentNodeSchema) }),
);

export const postPageSchema = z.object({
  post: postSchema,
  /** Ancestors from the top-level post down to the parent (spec companion §2). */
  parents: z.array(postSchema),
  /** The whole thread below the post, oldest first at every level. */
  comments: z.array(commentNodeSchema),
});
export type PostPage = z.infer<typeof postPageSchema>;

export const pageQuerySchema = z.object({ cursor: cursorField.optional() });
export const feedQuerySchema = pageQuerySchema.extend({
  category: z.union([categorySchema, z.literal(ALL_CATEGORIES)]).optional(),
});

export const postListSchema = z.object({
  items: z.array(postSchema),
  nextCursor: z.string().nullable(),
});
export type PostList = z.infer<typeof postListSchema>;

/**
 * A post of a profile's tab with its context (companion §2 "Posts show nested
 * replies"): on the posts tab every reply below it, nested, oldest first; on
 * the replies and likes tabs the post a comment answers (`replyTo`).
 */
export const profilePostSchema = postSchema.extend({
  replyTo: postSchema.nullable(),
  replies: z.array(commentNodeSchema),
});
export type ProfilePostDto = z.infer<typeof profilePostSchema>;
export const profilePostListSchema = z.object({
  items: z.array(profilePostSchema),
  nextCursor: z.string().nullable(),
});
export type ProfilePostList = z.infer<typeof profilePostListSchema>;

export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number() });
export const likersSchema = z.object({ items: z.array(authorSchema) });

export const uploadSchema = mediaSchema;
