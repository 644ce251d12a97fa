import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { at } from '../../../testing/chat-fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { MessageBubble } from './message-bubble.tsx';

/** Shows one bubble (the last one shown goes). */
function show(ui: ReactElement) {
  cleanup();
  return renderWithProviders(ui);
}

const text = (message: string) => ({ message, type: 'text' as const, action: 'message' as const });

describe('MessageBubble', () => {
  it('turns [label | address] into a link that opens in a new tab, and refuses a javascript: address', () => {
    renderWithProviders(
      <MessageBubble
        message={text('See [our booth | kernel.demo.test/booth] or [this | javascript:alert(1)]')}
        at={at(5)}
        direction="received"
      />,
    );
    const link = screen.getByRole('link', { name: 'our booth' });
    expect(link).toHaveAttribute('href', 'https://kernel.demo.test/booth');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText(/\[this \| javascript:alert\(1\)\]/)).toBeInTheDocument();
  });

  it('shows HTML from users as text', () => {
    const { container } = renderWithProviders(
      <MessageBubble
        message={text('<img src=x onerror="alert(1)"><b>bold</b>')}
        at={at(5)}
        direction="sent"
      />,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(screen.getByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeInTheDocument();
  });

  it('shows the time as HH:MM and the sender in a group, not in a private chat', () => {
    show(
      <MessageBubble
        message={text('Hi')}
        at={at(7)}
        direction="received"
        senderLabel="Grace Hopper"
        isGroupChat
      />,
    );
    expect(screen.getByText('10:07')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    show(<MessageBubble message={text('Hi')} at={at(7)} direction="received" senderLabel="Grace Hopper" />);
    expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument();
  });

  it('says a send is on its way, and why one failed, with Retry', async () => {
    const onRetry = vi.fn();
    show(<MessageBubble message={text('Hi')} at={at(1)} direction="sent" delivery="sending" />);
    expect(screen.getByText('Sending…')).toBeInTheDocument();
    show(
      <MessageBubble
        message={text('Hi')}
        at={at(1)}
        direction="sent"
        delivery="failed"
        failure="Too many messages. Please slow down."
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Not sent: Too many messages. Please slow down.');
    await screen.getByRole('button', { name: 'Retry' }).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the states of a business-card request to its sender and its recipient', () => {
    const request = (approved: boolean | null) => ({
      message: '',
      type: 'text' as const,
      action: 'card_request' as const,
      cards: [{ approved, card_id: 1, user_id: 8 }],
    });
    const answers = { onAllow: () => undefined, onDeny: () => undefined };
    // The sender: 'Request Sent', then the owner's answer as the conversation tells it.
    show(<MessageBubble message={request(null)} at={at(1)} direction="sent" />);
    expect(screen.getByText('Business card request')).toBeInTheDocument();
    expect(screen.getByText('Request Sent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Allow' })).not.toBeInTheDocument();
    show(<MessageBubble message={request(null)} at={at(1)} direction="sent" cardApproved />);
    expect(screen.getByText('allowed')).toBeInTheDocument();
    expect(screen.queryByText('Request Sent')).not.toBeInTheDocument();
    show(<MessageBubble message={request(null)} at={at(1)} direction="sent" cardApproved={false} />);
    expect(screen.getByText('denied')).toBeInTheDocument();
    // The recipient: Allow and Deny, off until the cards feature answers them.
    show(<MessageBubble message={request(null)} at={at(1)} direction="received" />);
    expect(screen.getByRole('button', { name: 'Allow' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deny' })).toBeDisabled();
    show(<MessageBubble message={request(null)} at={at(1)} direction="received" card={answers} />);
    expect(screen.getByRole('button', { name: 'Allow' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Deny' })).toBeEnabled();
    // Answered (here, or in another tab as the conversation tells): the label, and both inactive.
    show(
      <MessageBubble
        message={request(null)}
        at={at(1)}
        direction="received"
        card={{ ...answers, approved: true }}
      />,
    );
    expect(screen.getByText('allowed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Allow' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deny' })).toBeDisabled();
    show(
      <MessageBubble
        message={request(null)}
        at={at(1)}
        direction="received"
        card={answers}
        cardApproved={false}
      />,
    );
    expect(screen.getByText('denied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Allow' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deny' })).toBeDisabled();
    // A request stored as already answered.
    show(<MessageBubble message={request(true)} at={at(1)} direction="sent" />);
    expect(screen.getByText('allowed')).toBeInTheDocument();
  });
});
