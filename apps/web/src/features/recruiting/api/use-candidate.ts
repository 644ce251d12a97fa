// A candidate's dashboard data (spec 02 §3 "Recruiting user data", §4.10): profile, last login, current status,
// recruiting status and its options, achievements, and the recruiter's own notes.
import { trpc } from '../../../lib/api/trpc.ts';

export function useCandidate(candidateId: number | undefined) {
  return trpc.user.getRecruitingUserData.useQuery(
    { id: candidateId ?? 0 },
    { enabled: candidateId !== undefined },
  );
}
