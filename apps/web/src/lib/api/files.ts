// URLs of files the gateway proxies from the provider (spec 01 §7: fetched by type, event_code and filename).
// The browser loads them directly (img src, downloads), so they are plain same-origin URLs, built from the
// contracts' zod-free URL_CALLS table.
import { URL_CALLS, callPath, type FileType } from '@showfloor/contracts';
import { env } from '../../config/env.ts';

/** A same-origin gateway URL for a provider file call's path and query. */
export function withQuery(path: string, query: Record<string, string>): string {
  return `${env.gatewayUrl}${path}?${new URLSearchParams(query).toString()}`;
}

/** The event's poster (auth pages). */
export function posterUrl(eventCode: string): string {
  return withQuery(callPath(URL_CALLS.content.getPoster), { event_code: eventCode });
}

/** The event's banner (the signed-in header; the gateway's cookie carries the token). */
export function bannerUrl(eventCode: string): string {
  return withQuery(callPath(URL_CALLS.content.getBanner), { event_code: eventCode });
}

/** A stored file by type, event code and file name. */
export function fileUrl(type: FileType, eventCode: string, filename: string): string {
  return withQuery(callPath(URL_CALLS.content.getFile), { type, event_code: eventCode, filename });
}

/** A profile picture by its path (the gateway's cookie carries the token for image requests). */
export function profilePictureUrl(path: string): string {
  return withQuery(callPath(URL_CALLS.user.getProfilePicture), { path });
}
