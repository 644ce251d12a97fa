/** The handler registry: one table per service group, keyed like the contracts catalogue. */
import type { ServiceGroup } from '@showfloor/contracts';
import { authHandlers } from './auth.ts';
import { businesscardHandlers } from './businesscard.ts';
import { contentHandlers } from './content.ts';
import { conversationHandlers } from './conversation.ts';
import { databaseHandlers } from './database.ts';
import { eventHandlers } from './event.ts';
import { presentationHandlers } from './presentation.ts';
import type { HandlerRegistry } from './register.ts';
import { userHandlers } from './user.ts';

/** Every handler, by service group and call name. */
export const HANDLERS = {
  auth: authHandlers,
  conversation: conversationHandlers,
  event: eventHandlers,
  businesscard: businesscardHandlers,
  presentation: presentationHandlers,
  content: contentHandlers,
  user: userHandlers,
  database: databaseHandlers,
} satisfies Record<ServiceGroup, unknown> as unknown as HandlerRegistry;
