// Sets a candidate's recruiting status (spec 02 §4.10 "picking a recruiting status sends a patch"); the gateway
// then tells the candidate's rooms (user_recruiting_status). The shown status follows the stored one.
import { trpc } from '../../../lib/api/trpc.ts';

export function useSetRecruitingStatus() {
  const utils = trpc.useUtils();
  return trpc.user.setRecruitingStatus.useMutation({
    onSuccess: (_answer, { user_id: id, status_id: statusId }) => {
      utils.user.getRecruitingUserData.setData({ id }, (data) =>
        data ? { ...data, recruiting_status_id: statusId } : data,
      );
    },
  });
}
