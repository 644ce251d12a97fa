// The person whose card is asked for: name, company and job title (user.getSummaries), as the request page shows.
import { trpc } from '../../../lib/api/trpc.ts';

export function usePerson(id: number) {
  return trpc.user.getSummaries.useQuery(
    { ids: [id] },
    { enabled: id > 0, staleTime: 60_000, select: (answer) => answer.users.find((u) => u.id === id) },
  );
}
