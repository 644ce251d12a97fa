// People by id (names, company, job title): the header of a conversation that is not stored yet.
import { trpc } from '../../../lib/api/trpc.ts';

export function usePeople(ids: readonly number[]) {
  return trpc.user.getSummaries.useQuery({ ids: [...ids] }, { enabled: ids.length > 0, staleTime: 60_000 });
}
