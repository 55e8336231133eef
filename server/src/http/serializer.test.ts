import type { CommentNode, PostDto, PostPage } from '@common/schemas/posts';
import { postPageSchema } from '@common/schemas/posts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });

function post(id: string, extra: Partial<PostDto> = {}): PostDto {
  return {
    id,
    campusId: 'ut',
    parentId: null,
    rootId: null,
    depth: 0,
    text: `Mini fridge "cold" \\ $40 \u2028 ${id}`,
    category: null,
    spot: null,
    expiresAt: null,
    bumpedAt: null,
    author: {
      id: `u-${id}`,
      username: 'jane-doe',
      firstName: 'Jane',
      lastInitial: 'D.',
      avatarUrl: null,
      verified: true,
    },
    media: [
      {
        id: `m-${id}`,
        kind: 'image',
        mime: 'image/webp',
        url: `/uploads/media/${id}/original.webp`,
        thumbUrl: `/uploads/media/${id}/thumb.webp`,
        width: 1200,
        height: 800,
        alt: '',
        posterUrl: null,
        durationMs: null,
      },
    ],
    likeCount: 3,
    commentCount: 2,
    liked: false,
    can: {
      edit: false,
      delete: false,
      markSold: false,
      renew: false,
      save: true,
      comment: true,
      message: true,
      report: true,
    },
    price: 40,
    obo: true,
    condition: 'like_new',
    status: 'available',
    createdAt: 1795329903638,
    updatedAt: 1795329903639,
    ...extra,
  };
}

const reply = (id: string, parent: string, replies: CommentNode[] = []): CommentNode => ({
  ...post(id, { parentId: parent, rootId: 'root', depth: 1, media: [], liked: true }),
  replies,
});

const page: PostPage = {
  post: post('root', { category: 'Furniture' }),
  parents: [],
  comments: [reply('c1', 'root', [reply('c2', 'c1', [reply('c3', 'c2')])]), reply('c4', 'root')],
  seller: { memberSince: 1725321600000, soldCount: 3 },
};

describe('response serializers', () => {
  const compiled = responseSerializer(false)(route(postPageSchema) as never);
  const checked = responseSerializer(true)(route(postPageSchema) as never);

  it('write the same JSON in production as the zod serializer, nested replies included', () => {
    expect(JSON.parse(compiled(page))).toEqual(JSON.parse(checked(page)));
    expect(JSON.parse(compiled(page))).toEqual(page);
  });

  it('never write a property the schema does not name', () => {
    const leaky = {
      ...page,
      secret: 'x',
      post: { ...page.post, author: { ...page.post.author, passwordHash: 'scrypt$…' } },
    };
    const text = compiled(leaky);
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('secret');
  });

  it('check shapes outside production: a wrong response is an error, not bad JSON', () => {
    expect(() => checked({ ...page, post: { ...page.post, likeCount: 'three' } })).toThrow();
  });

  it('keep zod for what JSON Schema cannot express', () => {
    const serialize = responseSerializer(false)(route(z.object({ at: z.date() })) as never);
    expect(() => serialize({ at: 'not a date' })).toThrow();
  });
});
