// URLs of files the gateway proxies from the provider (spec 01 §7: fetched by type, event_code and filename).
// The browser loads them directly (img src, downloads), so they are plain same-origin URLs. Profile pictures
// live in profile-picture-url.ts: the auth pages need only the content calls, not the user catalogue.
import { callPath, contentCalls, type FileType } from '@showfloor/contracts';
import { env } from '../config/env.ts';

/** A same-origin gateway URL for a provider file call's path and query. */
export function withQuery(path: string, query: Record<string, string>): string {
  return `${env.gatewayUrl}${path}?${new URLSearchParams(query).toString()}`;
}

/** The event's poster (auth pages). */
export function posterUrl(eventCode: string): string {
  return withQuery(callPath(contentCalls.getPoster), { event_code: eventCode });
}

/** A stored file by type, event code and file name. */
export function fileUrl(type: FileType, eventCode: string, filename: string): string {
  return withQuery(callPath(contentCalls.getFile), { type, event_code: eventCode, filename });
}
