// A content item's media (content.getMedia), read only when the item does not carry its own source.
import { trpc } from '../../../lib/api/trpc.ts';

export function useMedia(mediaId: number | null, options: { enabled: boolean }) {
  return trpc.content.getMedia.useQuery({ id: mediaId ?? 0 }, { enabled: options.enabled, retry: false });
}
