// A business-card request's state as its conversation tells it (spec 02 §4.2 "Sender sees request sent, then
// approved or denied"): the owner's answer is a card_response message naming the same card, and it answers the
// latest request of that card before it (a denied card may be asked for again). Answers themselves show no bubble:
// the request they answer changes instead.
import { CARD_ACTIONS, type ChatMessage } from '@showfloor/contracts';

/** The answered state of each card request, by message id (requests without an answer are absent). */
export function answeredCardRequests(messages: readonly ChatMessage[]): Map<string, boolean | null> {
  const latestRequest = new Map<number, string>();
  const answered = new Map<string, boolean | null>();
  for (const message of messages) {
    const card = message.cards?.[0];
    if (!card || card.card_id === null) continue;
    if (message.action === CARD_ACTIONS.REQUEST) latestRequest.set(card.card_id, message.id);
    else if (message.action === CARD_ACTIONS.RESPONSE) {
      const request = latestRequest.get(card.card_id);
      if (request !== undefined) answered.set(request, card.approved);
    }
  }
  return answered;
}

/** True for a message that shows as a bubble of its own (a card answer shows in its request instead). */
export function hasOwnBubble(message: Pick<ChatMessage, 'action'>): boolean {
  return message.action !== CARD_ACTIONS.RESPONSE;
}
