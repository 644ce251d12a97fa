import { router } from '../../trpc/init.ts';
import { catalogueMutation, catalogueQuery } from '../procedure.ts';

/**
 * user: profiles, tags, reports, user lists, wallet, recruiting and account deletion. Calls that act on the
 * caller take the caller's id and are refused for anyone else (profile pictures go through the proxy).
 */
export const userRouter = router({
  getUser: catalogueQuery('user', 'getUser'),
  updateUser: catalogueMutation('user', 'updateUser'),
  createTags: catalogueMutation('user', 'createTags'),
  deleteTag: catalogueMutation('user', 'deleteTag'),
  reportUser: catalogueMutation('user', 'reportUser'),
  listUsers: catalogueQuery('user', 'listUsers'),
  getLoggedUsers: catalogueQuery('user', 'getLoggedUsers'),
  getRoomUsers: catalogueQuery('user', 'getRoomUsers'),
  getEventUsers: catalogueQuery('user', 'getEventUsers'),
  getMatchingUsers: catalogueQuery('user', 'getMatchingUsers'),
  getSummary: catalogueQuery('user', 'getSummary'),
  // A POST at the provider (long id lists), but a read.
  getSummaries: catalogueQuery('user', 'getSummaries'),
  getWallet: catalogueQuery('user', 'getWallet'),
  updateTutorial: catalogueMutation('user', 'updateTutorial'),
  deletePicture: catalogueMutation('user', 'deletePicture'),
  setRecruitingStatus: catalogueMutation('user', 'setRecruitingStatus'),
  getRecruitingUserData: catalogueQuery('user', 'getRecruitingUserData'),
  updateRecruitingNotes: catalogueMutation('user', 'updateRecruitingNotes'),
  // Account deletion: one's own; managers may deactivate others.
  deactivateUser: catalogueMutation('user', 'deactivateUser'),
});
