// A card request's bubble with the business cards' answers, as src/app composes them for the chat page: the sender
// sees 'Request Sent'; the recipient's Allow or Deny patches the card, sends the answer message, and leaves the label
// with both buttons inactive; a failure shows the server's message in the bubble.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { CARD_NOTES, type ChatMessage, type ChatSendInput } from '@showfloor/contracts';
import { useCardAnswers } from '../../features/business-cards/index.ts';
import { MessageBubble } from '../../features/chat/index.ts';
import { clearSession, startSession } from '../../lib/session/session.ts';
import { makeUser } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { fail, mockTrpc } from '../../testing/trpc-mock.ts';

beforeEach(async () => {
  await startSession(makeUser({ id: 2, firstname: 'Grace', lastname: 'Hopper' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

/** Ada (1) asks for Grace's (2) card 11 in conv-1. */
const request: ChatMessage = {
  id: 'msg-9',
  seq: 9,
  type: 'text',
  action: 'card_request',
  message: '',
  from: 1,
  to: [2],
  timestamp: String(Date.UTC(2026, 10, 26, 9, 30)),
  conversation: 'conv-1',
  cards: [{ approved: null, card_id: 11, user_id: 2 }],
};

function Bubble({ userId, send }: { userId: number; send: (payload: ChatSendInput) => void }) {
  const cardActions = useCardAnswers({ userId, send });
  return (
    <MessageBubble
      message={request}
      at={Number(request.timestamp)}
      direction={request.from === userId ? 'sent' : 'received'}
      card={cardActions(request)}
    />
  );
}

describe('card request answers in chat', () => {
  it("shows the sender 'Request Sent' and no answers", () => {
    mockTrpc({});
    renderWithProviders(<Bubble userId={1} send={vi.fn()} />);
    expect(screen.getByText('Request Sent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Allow' })).not.toBeInTheDocument();
  });

  it.each([
    ['Allow', true, 'allowed', CARD_NOTES.ALLOW],
    ['Deny', false, 'denied', CARD_NOTES.DENY],
  ] as const)(
    'lets the recipient %s: the card patched, the answer sent to the requester, the label and both inactive',
    async (button, approved, label, note) => {
      const gateway = mockTrpc({ 'businesscard.updateCard': () => ({ message: 'Business card updated.' }) });
      const send = vi.fn();
      const { user } = renderWithProviders(<Bubble userId={2} send={send} />);
      expect(screen.getByRole('button', { name: 'Allow' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Deny' })).toBeEnabled();
      await user.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByText(label)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Allow' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Deny' })).toBeDisabled();
      expect(gateway.inputsOf('businesscard.updateCard')).toEqual([{ id: 11, approved }]);
      expect(send).toHaveBeenCalledExactlyOnceWith(
        expect.objectContaining({
          action: 'card_response',
          message: note,
          from: 2,
          to: [1],
          conversation: 'conv-1',
          cards: [{ approved, card_id: 11, user_id: 2 }],
        }),
      );
    },
  );

  it("shows a failed answer's server message in the message and keeps both answers", async () => {
    mockTrpc({
      'businesscard.updateCard': () =>
        fail({ message: 'Only the card owner approves or denies it.', code: 'FORBIDDEN', httpStatus: 403 }),
    });
    const send = vi.fn();
    const { user } = renderWithProviders(<Bubble userId={2} send={send} />);
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The answer was not sent: Only the card owner approves or denies it.',
    );
    expect(screen.getByRole('button', { name: 'Allow' })).toBeEnabled();
    expect(send).not.toHaveBeenCalled();
  });
});
