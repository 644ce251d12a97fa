// The chat page's views by URL: a conversation the cached list does not hold yet (just created, or linked) is
// looked for in a fresh list once before the page says it is not available.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Conversation } from '@showfloor/contracts';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { setSocket } from '../../../lib/socket/registry.ts';
import {
  ADA,
  LINUS,
  createFakeChatRelay,
  makeConversation,
  makeMessage,
} from '../../../testing/chat-fixtures.ts';
import { makeUser, prefs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { setChatClient, ChatClient } from '../stores/chat-client.ts';
import ChatPage from './chat-page.tsx';

const ada = makeUser({ id: ADA.id, firstname: ADA.firstname, lastname: ADA.lastname });
let gateway: ReturnType<typeof mockTrpc>;
let lists: Conversation[][];

beforeEach(async () => {
  await startSession(ada);
  const relay = createFakeChatRelay();
  relay.store(makeMessage(1, { conversation: 'conv-2', from: LINUS.id }));
  relay.fake.install();
  setChatClient(new ChatClient({ userId: ADA.id, eventCode: 'DEMO' }));
  lists = [
    [makeConversation()],
    [makeConversation(), makeConversation({ id: 'conv-2', participants: [ADA, LINUS] })],
  ];
  gateway = mockTrpc({
    'conversation.listConversations': () => ({ conversations: lists.shift() ?? [] }),
    'conversation.getConversation': (input) => relay.history(input),
    'event.getPreferences': () => prefs({ private_chat: 'yes' }),
  });
});
afterEach(() => {
  setChatClient(null);
  setSocket(null);
  gateway.restore();
  clearSession();
});

describe('ChatPage', () => {
  it('reads the list again for a conversation it does not hold yet, then opens it', async () => {
    // Every text the page showed on the way, also for a moment.
    const seen = new Set<string>();
    const observer = new MutationObserver(() => seen.add(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderWithProviders(<ChatPage />, { route: '/chat?conversation=conv-2' });
    expect(await screen.findByRole('heading', { name: 'Linus Torvalds' })).toBeInTheDocument();
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
    observer.disconnect();
    expect(gateway.inputsOf('conversation.listConversations')).toHaveLength(2);
    expect([...seen].filter((text) => text.includes('This conversation is not available.'))).toEqual([]);
  });

  it('says a conversation is not available when a fresh list does not hold it either', async () => {
    renderWithProviders(<ChatPage />, { route: '/chat?conversation=conv-404' });
    expect(await screen.findByText('This conversation is not available.')).toBeInTheDocument();
    await waitFor(() => expect(gateway.inputsOf('conversation.listConversations')).toHaveLength(2));
    expect(screen.getByText('This conversation is not available.')).toBeInTheDocument();
  });
});
