// The private-chats CSV (spec 01 §7 "GET user/{id}/chats/all", spec 02 §7): a same-origin download through the
// gateway's file proxy (its cookie carries the token), times in the visitor's own UTC offset.
import { URL_CALLS, callPath, fillPath } from '@showfloor/contracts';
import { withQuery } from '../../../lib/api/files.ts';

export function privateChatsCsvUrl(userId: number, now = new Date()): string {
  return withQuery(fillPath(callPath(URL_CALLS.conversation.exportChats), { id: userId }), {
    utc_offset: String(-now.getTimezoneOffset()),
  });
}
