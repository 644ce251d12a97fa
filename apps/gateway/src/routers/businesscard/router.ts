import { router } from '../../trpc/init.ts';
import { catalogueMutation, catalogueQuery } from '../procedure.ts';

/** businesscard: requests, approvals, notes and lists (the cards CSV downloads through the file proxy). */
export const businesscardRouter = router({
  requestCard: catalogueMutation('businesscard', 'requestCard', { self: ['requester_id'] }),
  getCardInfo: catalogueQuery('businesscard', 'getCardInfo'),
  updateCard: catalogueMutation('businesscard', 'updateCard'),
  updateOwnCard: catalogueMutation('businesscard', 'updateOwnCard', { self: ['id'] }),
  deleteCard: catalogueMutation('businesscard', 'deleteCard'),
  getUserCards: catalogueQuery('businesscard', 'getUserCards', { self: ['id'] }),
});
