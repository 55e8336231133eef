import type { NotificationDto, NotificationType } from '@common/schemas/notifications';
import type { BlobStore } from '../../platform/storage/blob-store';
import { presentAuthor } from '../users/users.presenter';
import type { NotificationWithSender } from './notifications.repository';

/** A notification as the list shows it, with who caused it as "Jane D.". */
export function presentNotification(
  r: NotificationWithSender,
  storage: BlobStore,
): NotificationDto {
  return {
    id: r.id,
    type: r.type as NotificationType,
    from:
      r.from_user_id && r.from_username !== null
        ? presentAuthor(
            {
              id: r.from_user_id,
              username: r.from_username,
              first_name: r.from_first_name ?? '',
              last_name: r.from_last_name ?? '',
              avatar_key: r.from_avatar_key,
              school_verified: r.from_school_verified ?? false,
            },
            storage,
          )
        : null,
    postId: r.post_id,
    chatId: r.chat_id,
    message: r.message,
    read: Boolean(r.read),
    createdAt: r.created_at,
    ...(r.type === 'did it sell' ? { answer: answerOf(r) } : {}),
  };
}

/** How the seller answered "Did it sell?" since it was asked: from the listing as it is now. */
function answerOf(r: NotificationWithSender): NotificationDto['answer'] {
  if (r.post_status === 'sold') return 'sold';
  if (r.post_bumped_at !== null && Number(r.post_bumped_at) >= r.created_at)
    return 'still available';
  return null;
}
