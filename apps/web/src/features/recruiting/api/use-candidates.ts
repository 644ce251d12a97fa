// The people of the recruiter's event (spec 02 §2.3 "Recruiting dashboard: ... user list"): every user of the
// event, whether signed in now or not, the recruiter left out.
import { useMemo } from 'react';
import { trpc } from '../../../lib/api/trpc.ts';

export function useCandidates(eventCode: string, recruiterId: number) {
  const query = trpc.user.getEventUsers.useQuery(
    { id: eventCode },
    { enabled: eventCode !== '', staleTime: 30_000 },
  );
  const candidates = useMemo(
    () =>
      (query.data?.users ?? [])
        .filter((user) => user.id !== recruiterId)
        .sort((a, b) => `${a.lastname} ${a.firstname}`.localeCompare(`${b.lastname} ${b.firstname}`)),
    [query.data, recruiterId],
  );
  return { ...query, candidates };
}
