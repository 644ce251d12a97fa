import type { ServiceGroup } from '@showfloor/contracts';

/** The tRPC router key of each provider service (the presentation service is the app's agenda). */
export const ROUTER_KEY_OF_SERVICE = {
  auth: 'auth',
  conversation: 'conversation',
  event: 'event',
  businesscard: 'businesscard',
  presentation: 'agenda',
  content: 'content',
  user: 'user',
  database: 'database',
} as const satisfies Record<ServiceGroup, string>;
