import { router } from '../../trpc/init.ts';
import { catalogueMutation, catalogueQuery } from '../procedure.ts';

/** businesscard: requests, approvals, notes and lists (the cards CSV downloads through the file proxy). */
export const businesscardRouter = router({
  requestCard: catalogueMutation('businesscard', 'requestCard'),
  getCardInfo: catalogueQuery('businesscard', 'getCardInfo'),
  updateCard: catalogueMutation('businesscard', 'updateCard'),
  updateOwnCard: catalogueMutation('businesscard', 'updateOwnCard'),
  deleteCard: catalogueMutation('businesscard', 'deleteCard'),
  getUserCards: catalogueQuery('businesscard', 'getUserCards'),
});
