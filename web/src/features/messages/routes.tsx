import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { signedInPage as page } from '../../components/gates/ProtectedRoute';

const MessagesPage = lazy(() =>
  import('./pages/MessagesPage').then((m) => ({ default: m.MessagesPage })),
);
const NewMessagePage = lazy(() =>
  import('./pages/NewMessagePage').then((m) => ({ default: m.NewMessagePage })),
);

/**
 * The inbox and conversations, and the mobile
 * new-message pages /messages/new and /create/message. Signed-in only.
 */
export const messagesRoutes: RouteObject[] = [
  // One route for the inbox with or without a chat: opening a chat keeps the inbox mounted.
  { path: '/messages/:chatId?', element: page(MessagesPage) },
  { path: '/messages/new', element: page(NewMessagePage) },
  { path: '/create/message', element: page(NewMessagePage) },
];
