// Sends a question to the help desk (spec 01 §7 POST help: phoneNumber, message; the form's e-mail rides along).
import { trpc } from '../../../lib/api/trpc.ts';

export function useContactHelpDesk() {
  return trpc.event.contactHelpDesk.useMutation();
}
