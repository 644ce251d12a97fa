import { router } from '../../trpc/init.ts';
import { catalogueMutation, catalogueQuery } from '../procedure.ts';

/**
 * user: profiles, tags, reports, user lists, wallet, recruiting and account deletion. Calls that act on the
 * caller take the caller's id and are refused for anyone else (profile pictures go through the proxy).
 */
export const userRouter = router({
  getUser: catalogueQuery('user', 'getUser'),
  updateUser: catalogueMutation('user', 'updateUser', { self: ['id'] }),
  createTags: catalogueMutation('user', 'createTags', { self: ['user_id'] }),
  deleteTag: catalogueMutation('user', 'deleteTag', { self: ['user_id'] }),
  reportUser: catalogueMutation('user', 'reportUser', { self: ['reporterId'] }),
  listUsers: catalogueQuery('user', 'listUsers', { ownEvent: ['event_code'] }),
  getLoggedUsers: catalogueQuery('user', 'getLoggedUsers', { ownEvent: ['event_code'] }),
  getRoomUsers: catalogueQuery('user', 'getRoomUsers'),
  getEventUsers: catalogueQuery('user', 'getEventUsers'),
  getMatchingUsers: catalogueQuery('user', 'getMatchingUsers'),
  getSummary: catalogueQuery('user', 'getSummary'),
  // A POST at the provider (long id lists), but a read.
  getSummaries: catalogueQuery('user', 'getSummaries'),
  getWallet: catalogueQuery('user', 'getWallet'),
  updateTutorial: catalogueMutation('user', 'updateTutorial', { self: ['user_id'] }),
  deletePicture: catalogueMutation('user', 'deletePicture', { self: ['user_id'] }),
  setRecruitingStatus: catalogueMutation('user', 'setRecruitingStatus', { ownEvent: ['event_code'] }),
  getRecruitingUserData: catalogueQuery('user', 'getRecruitingUserData'),
  updateRecruitingNotes: catalogueMutation('user', 'updateRecruitingNotes'),
  // Account deletion: one's own; managers may deactivate others.
  deactivateUser: catalogueMutation('user', 'deactivateUser', {
    self: ['user_id'],
    managersMayActForOthers: true,
  }),
});
