/*
 * Words and limits of chats that the web shows, apart from the schemas
 * (schemas/chats.ts re-exports them): a page importing these does not
 * evaluate zod (docs/benchmarks.md, Web).
 */
import { POST_MESSAGES } from './posts';

/** Messages: the inbox, a chat, hearts, deleting a chat, starting a conversation (ADR 008). */
export const CHAT_MESSAGES = {
  composerPlaceholder: 'Say something . . .',
  missingChat: "This conversation doesn't exist",
  selectUser: 'Please select a user!',
  newConversation: 'New Conversation Started',
  chatDeleted: 'Chat deleted',
  reactionSent: 'Reaction sent.',
  delivered: 'Delivered',
  seen: 'Seen',
  sentPhoto: 'Sent a photo',
  startConversationTitle: 'Start Conversation?',
  startConversation: 'Start Conversation',
  sendMessage: 'Send Message',
  deleteChatTitle: 'Delete Chat?',
  deleteChatText: 'All messages will be removed for both of you.',
  tooManyCharacters: POST_MESSAGES.tooManyCharacters,
  notYourself: 'You cannot start a conversation with yourself.',
  userNotFound: 'User not found, try again!',
  needTextOrPhoto: 'Write something or add a photo.',
  onePhoto: 'One photo per message.',
  /** The share dialog's section that sends a post into a chat. */
  sendInMessage: 'Send in a message',
  newMessage: 'New message',
  sentToChat: 'Sent.',
} as const;

/** The "Start Conversation?" dialog's text. */
export const startConversationText = (name: string) => `Start a private conversation with ${name}.`;
/** The chat's last message after a heart is put on a message, or taken off. */
export const reactedText = (firstName: string, what: string) =>
  `${firstName} reacted with a heart: ${what}`;
export const removedHeartText = (firstName: string) => `${firstName} removed a heart`;

/**
 * Scam-aware chat (ADR 018): what the recipient reads under
 * a message that looks like a common marketplace scam. Quad's words; calm,
 * specific, and never shown to the sender.
 */
export const SCAM_WARNINGS = {
  verification_code:
    'Never share a verification code. Whoever has it can take over your account, and no buyer or seller ever needs one.',
  off_platform_payment:
    "Gift cards, wires, checks and crypto can't be taken back. Pay, or get paid, in person when you meet.",
  overpayment:
    "Paying too much and asking for the difference back is a common scam: the first payment bounces after yours has gone. Don't refund money you didn't expect.",
  phone_number:
    'Moving to text right away is a common first step of a scam. Keep talking on Quad until you meet.',
} as const;
/** A link whose address borrows a known site's name. */
export const lookalikeLinkWarning = (host: string, imitates: string) =>
  `This link goes to ${host}, not ${imitates}. Don't sign in or pay there.`;
