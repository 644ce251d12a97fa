// A popup's onClickSendEmail (event.sendEmail with the item's room and content id).
import { trpc } from '../../../lib/api/trpc.ts';

export function useSendContentEmail(options: { onSuccess: () => void }) {
  return trpc.event.sendEmail.useMutation({ onSuccess: options.onSuccess });
}
