import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@showfloor/contracts';
import { answeredCardRequests, hasOwnBubble } from './card-states.ts';

let seq = 0;
function card(
  action: 'card_request' | 'card_response',
  cardId: number,
  approved: boolean | null,
  from: number,
): ChatMessage {
  seq += 1;
  return {
    id: `msg-${seq}`,
    seq,
    type: 'text',
    action,
    message: '',
    from,
    to: [from === 1 ? 2 : 1],
    timestamp: String(seq),
    conversation: 'conv-1',
    cards: [{ approved, card_id: cardId, user_id: 2 }],
  };
}

describe('card request states', () => {
  it("takes the owner's answer for the latest request of the same card before it", () => {
    const first = card('card_request', 7, null, 1);
    const denied = card('card_response', 7, false, 2);
    const again = card('card_request', 7, null, 1);
    const other = card('card_request', 8, null, 1);
    const allowed = card('card_response', 7, true, 2);
    const states = answeredCardRequests([first, denied, again, other, allowed]);
    expect(states.get(first.id)).toBe(false);
    expect(states.get(again.id)).toBe(true);
    expect(states.has(other.id)).toBe(false);
  });

  it('ignores an answer that comes before any request of its card', () => {
    const stray = card('card_response', 9, true, 2);
    const request = card('card_request', 9, null, 1);
    expect(answeredCardRequests([stray, request]).has(request.id)).toBe(false);
  });

  it('shows an answer in its request, not as a bubble of its own', () => {
    expect(hasOwnBubble({ action: 'card_response' })).toBe(false);
    expect(hasOwnBubble({ action: 'card_request' })).toBe(true);
    expect(hasOwnBubble({ action: 'message' })).toBe(true);
  });
});
