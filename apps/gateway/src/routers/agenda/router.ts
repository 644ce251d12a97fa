import { router } from '../../trpc/init.ts';
import { catalogueQuery } from '../procedure.ts';

/** agenda: the provider's presentation service. */
export const agendaRouter = router({
  getAgenda: catalogueQuery('presentation', 'getAgenda'),
});
