// What the stand-in's iframe API (external-api.ts, in the app's page) and its room page (page.ts, in the frame)
// say to each other with postMessage. Private to the stand-in: the app only sees the Jitsi-shaped API.

/** Marks the stand-in's messages (other postMessage traffic is ignored). */
export const WIDGET_SOURCE = 'showfloor-call-widget';

/** Frame → API: an event of the iframe API, or `ready` when the page can take commands. */
export interface WidgetEventMessage {
  source: typeof WIDGET_SOURCE;
  type: 'event';
  name: string;
  payload: Record<string, unknown>;
}

/** API → frame: a command. */
export interface WidgetCommandMessage {
  source: typeof WIDGET_SOURCE;
  type: 'command';
  name: string;
  args: unknown[];
}

/** True for a message of the given type from the stand-in. */
export function isWidgetMessage<T extends 'event' | 'command'>(
  data: unknown,
  type: T,
): data is T extends 'event' ? WidgetEventMessage : WidgetCommandMessage {
  if (data === null || typeof data !== 'object') return false;
  const message = data as Record<string, unknown>;
  return message.source === WIDGET_SOURCE && message.type === type && typeof message.name === 'string';
}
