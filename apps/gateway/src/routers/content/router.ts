import { router } from '../../trpc/init.ts';
import { catalogueQuery } from '../procedure.ts';

/** content: rooms, lobby, room content, media and the mini-map (files and images go through the proxy). */
export const contentRouter = router({
  listRooms: catalogueQuery('content', 'listRooms'),
  getLobby: catalogueQuery('content', 'getLobby'),
  getRoom: catalogueQuery('content', 'getRoom'),
  getRoomContent: catalogueQuery('content', 'getRoomContent'),
  getMedia: catalogueQuery('content', 'getMedia'),
  getMiniMap: catalogueQuery('content', 'getMiniMap'),
});
