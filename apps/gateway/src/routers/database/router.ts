import { router } from '../../trpc/init.ts';
import { catalogueQuery } from '../procedure.ts';

/** database: the collaboration backend (avatar designs, meeting instances). */
export const databaseRouter = router({
  getAvatars: catalogueQuery('database', 'getAvatars'),
  getMeetingInstances: catalogueQuery('database', 'getMeetingInstances'),
});
