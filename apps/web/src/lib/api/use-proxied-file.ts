// A file the gateway proxies (store thumbnails, the user manual), loaded with fetch so that a failure can show
// the server's message (spec 02 §8: "thumbnail ... failures: server message inline in red"; "FAQ or manual
// load failure shows the server message") instead of a broken image. The gateway's cookie carries the token.
import { useEffect, useState } from 'react';

export type ProxiedFile =
  { status: 'loading' } | { status: 'ready'; src: string } | { status: 'error'; message: string };

export interface ProxiedFileOptions {
  /**
   * 'object-url': the bytes become a blob: URL (an <img> shows them without a second request);
   * 'url': only checked, `src` is the URL itself (for a file the browser then loads by its URL).
   * @default 'object-url'
   */
  as?: 'object-url' | 'url';
}

/** The server's message of a failed file answer: its JSON `message`, else its status line. */
export async function failureMessage(answer: Response): Promise<string> {
  const text = await answer.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  } catch {
    // Not JSON: fall through to the status.
  }
  return `${answer.status} ${answer.statusText}`.trim();
}

export function useProxiedFile(url: string | undefined, { as = 'object-url' }: ProxiedFileOptions = {}) {
  const [file, setFile] = useState<ProxiedFile>({ status: 'loading' });
  // Reset while rendering when the URL changes (React's "adjusting state on a prop change" pattern).
  const [shownUrl, setShownUrl] = useState(url);
  if (shownUrl !== url) {
    setShownUrl(url);
    setFile({ status: 'loading' });
  }
  useEffect(() => {
    if (url === undefined) return undefined;
    const abort = new AbortController();
    let objectUrl: string | undefined;
    void (async () => {
      try {
        const answer = await fetch(url, { credentials: 'same-origin', signal: abort.signal });
        if (!answer.ok) {
          const message = await failureMessage(answer);
          if (!abort.signal.aborted) setFile({ status: 'error', message });
          return;
        }
        if (as === 'url') {
          // Only the status was wanted: the browser loads the file itself (from its cache).
          await answer.body?.cancel().catch(() => undefined);
          if (!abort.signal.aborted) setFile({ status: 'ready', src: url });
          return;
        }
        const blob = await answer.blob();
        if (abort.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setFile({ status: 'ready', src: objectUrl });
      } catch (error) {
        if (abort.signal.aborted) return;
        setFile({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, as]);
  return file;
}
