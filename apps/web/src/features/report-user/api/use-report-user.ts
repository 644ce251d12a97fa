// Reports a user to the moderators (user.reportUser: reportedId, reporterId, the conversation it came from).
import { trpc } from '../../../lib/api/trpc.ts';

export function useReportUser() {
  return trpc.user.reportUser.useMutation();
}
