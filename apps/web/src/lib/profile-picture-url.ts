// A profile picture's URL (spec 01 §7), apart from files.ts so that the auth pages do not bundle the user catalogue.
import { callPath, userCalls } from '@showfloor/contracts';
import { withQuery } from './files.ts';

/** A profile picture by its path (the gateway's cookie carries the token for image requests). */
export function profilePictureUrl(path: string): string {
  return withQuery(callPath(userCalls.getProfilePicture), { path });
}
