import { router } from '../../trpc/init.ts';
import { catalogueMutation, catalogueQuery } from '../procedure.ts';

/**
 * conversation: chat lists, history (with after_seq catch-up) and deletions. Messages are sent on the relay
 * (which stores them through the provider); the private-chats CSV downloads through the file proxy.
 */
export const conversationRouter = router({
  getUserConversations: catalogueQuery('conversation', 'getUserConversations'),
  getConversation: catalogueQuery('conversation', 'getConversation'),
  listConversations: catalogueQuery('conversation', 'listConversations'),
  getRoomConversation: catalogueQuery('conversation', 'getRoomConversation'),
  // A POST at the provider, but a read: a query here so the app can cache it.
  getBotChat: catalogueQuery('conversation', 'getBotChat'),
  markRead: catalogueMutation('conversation', 'markRead'),
  deleteMessage: catalogueMutation('conversation', 'deleteMessage'),
  clearConversation: catalogueMutation('conversation', 'clearConversation'),
});
