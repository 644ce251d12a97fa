// The event's user manual (spec 02 §2.3, §7 "user manual (PDF)"), a file of type user_manual that the gateway
// proxies: fetched from the files URL (a failure carries the server's message) and shown in the drawer from its
// bytes (a blob: frame: the proxied answer itself may not be framed), saved from the download URL (an attachment).
import { URL_CALLS, USER_MANUAL_FILENAME, callPath } from '@showfloor/contracts';
import { fileUrl, withQuery } from '../../../lib/api/files.ts';
import { useProxiedFile } from '../../../lib/api/use-proxied-file.ts';

export function userManualUrls(eventCode: string): { view: string; download: string } {
  return {
    view: fileUrl('user_manual', eventCode, USER_MANUAL_FILENAME),
    download: withQuery(callPath(URL_CALLS.content.download), {
      type: 'user_manual',
      event_code: eventCode,
      filename: USER_MANUAL_FILENAME,
    }),
  };
}

export function useUserManual(eventCode: string) {
  const urls = userManualUrls(eventCode);
  const file = useProxiedFile(eventCode === '' ? undefined : urls.view);
  return { file, urls };
}
