// Sends an announcement on the socket (spec 01 §7 "Emitted: announcements"; the relay checks the sender's role
// and delivers it to the audience). Resolves on the relay's 200; rejects with its reason, or without one when
// no answer came (not connected, or no acknowledgement in time).
import { useMutation } from '@tanstack/react-query';
import { TOPICS, type Notification } from '@showfloor/contracts';
import { ACK_TIMEOUT_MS, emitWithAck } from '../../../lib/socket/registry.ts';

/** A refused or unanswered announcement; `reason` is the relay's text, undefined when nothing answered. */
export class AnnouncementNotSent extends Error {
  constructor(readonly reason: string | undefined) {
    super(reason ?? 'no answer');
    this.name = 'AnnouncementNotSent';
  }
}

export async function sendAnnouncement(notification: Notification): Promise<void> {
  const ack = await emitWithAck(TOPICS.ANNOUNCEMENTS, notification, ACK_TIMEOUT_MS);
  if (!ack) throw new AnnouncementNotSent(undefined);
  if (ack.statusCode !== 200) throw new AnnouncementNotSent(ack.message);
}

export function useSendAnnouncement() {
  return useMutation({ mutationFn: sendAnnouncement });
}
