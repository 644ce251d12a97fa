/**
 * The calls a browser opens by URL rather than through tRPC: images (`<img src>`), downloads and CSV exports,
 * and the OAuth2 redirect. The gateway proxies them at the same path. This module is free of zod so that the
 * login route's code can build these URLs without loading the schema library. The catalogue entries take their
 * service, method and path from here; a test checks that every call answering a file, a CSV or a redirect is
 * listed here under the same name.
 */
import type { HttpMethod, ServiceGroup } from './types.ts';

interface UrlCall {
  service: ServiceGroup;
  method: HttpMethod;
  path: string;
}

export const URL_CALLS = {
  auth: {
    oauth2: { service: 'auth', method: 'GET', path: '/oauth2' },
  },
  businesscard: {
    exportCards: { service: 'businesscard', method: 'GET', path: '/user/:id/businesscards/all' },
  },
  content: {
    getFile: { service: 'content', method: 'GET', path: '/files' },
    download: { service: 'content', method: 'GET', path: '/download' },
    getPoster: { service: 'content', method: 'GET', path: '/poster' },
    getBanner: { service: 'content', method: 'GET', path: '/banner' },
  },
  conversation: {
    exportChats: { service: 'conversation', method: 'GET', path: '/user/:id/chats/all' },
  },
  user: {
    getProfilePicture: { service: 'user', method: 'GET', path: '/profilepicture' },
    exportUsers: { service: 'user', method: 'GET', path: '/export-users' },
  },
} as const satisfies Partial<Record<ServiceGroup, Record<string, UrlCall>>>;
