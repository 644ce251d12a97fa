// The profile picture (spec 02 §7 "Patch user picture (file, user id) and delete user picture: 200 refreshes"):
// uploads go through the gateway's file proxy as multipart (POST for a first picture, PATCH to replace one) with
// the user's token; removal is the tRPC call. Either way the new path replaces the stored one.
import { useMutation } from '@tanstack/react-query';
import { callPath } from '@showfloor/contracts';
import { withQuery } from '../../../lib/api/files.ts';
import { trpc } from '../../../lib/api/trpc.ts';
import { getCurrentUser, updateCurrentUser } from '../../../lib/session/session.ts';

/** The proxy's answer to an upload: the new path, or the provider's (or gateway's) error message. */
interface UploadAnswer {
  message?: string;
  profile_picture?: string;
}

/** An upload the server refused, with its message (shown as it came, spec 02 §8). */
export class PictureUploadError extends Error {
  override readonly name = 'PictureUploadError';
  constructor(
    message: string,
    readonly fromServer: boolean,
  ) {
    super(message);
  }
}

const PICTURE_PATH = callPath({ service: 'user', path: '/picture' });

function usePictureStored(userId: number) {
  const utils = trpc.useUtils();
  return (path: string | null) => {
    utils.user.getUser.setData({ id: userId }, (old) =>
      old ? { data: { user: { ...old.data.user, profile_picture: path } } } : old,
    );
    void updateCurrentUser({ profile_picture: path });
  };
}

export function useUploadPicture(userId: number, hasPicture: boolean) {
  const stored = usePictureStored(userId);
  return useMutation({
    mutationFn: async (file: File): Promise<string> => {
      const body = new FormData();
      body.append('file', file, file.name);
      const token = getCurrentUser()?.jwt_token;
      let response: Response;
      try {
        response = await fetch(withQuery(PICTURE_PATH, { user_id: String(userId) }), {
          method: hasPicture ? 'PATCH' : 'POST',
          body,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      } catch (error) {
        throw new PictureUploadError(error instanceof Error ? error.message : String(error), false);
      }
      const answer = (await response.json().catch(() => ({}))) as UploadAnswer;
      if (!response.ok || typeof answer.profile_picture !== 'string') {
        throw new PictureUploadError(
          answer.message ?? response.statusText,
          typeof answer.message === 'string',
        );
      }
      return answer.profile_picture;
    },
    onSuccess: (path) => stored(path),
  });
}

export function useDeletePicture(userId: number) {
  const stored = usePictureStored(userId);
  return trpc.user.deletePicture.useMutation({ onSuccess: () => stored(null) });
}
