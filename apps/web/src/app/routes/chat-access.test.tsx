// Chat as the app composes it (the real route table and menu): private_chat 'no' hides chat from the menu and a
// deep link to a conversation opens nothing and reads nothing (spec 02 §2.2); room chat is its own entry.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { clearSession, startSession } from '../../lib/session/session.ts';
import { makeLobby, makeRoom, makeUser, prefs } from '../../testing/fixtures.ts';
import { TestProviders, createTestQueryClient } from '../../testing/render.tsx';
import { mockTrpc } from '../../testing/trpc-mock.ts';
import { AppRoutes } from '../router.tsx';

vi.mock('../../lib/socket/connection.ts', () => ({ useSocketConnection: () => undefined }));
vi.mock('../../features/room/routes/lobby-page.tsx', () => ({
  default: () => <h1>Lobby</h1>,
}));

let gateway: ReturnType<typeof mockTrpc>;

function renderApp(route: string, preferences: Record<string, string>) {
  gateway = mockTrpc({
    'event.getPreferences': () => prefs(preferences),
    'event.getOpenHours': () => ({ event_open_hours: [] }),
    'content.getRoom': () => makeRoom(),
    'content.getLobby': () => makeLobby(),
    'conversation.listConversations': () => ({ conversations: [] }),
    'conversation.getConversation': () => ({ messages: [], page_state: null }),
    'user.getSummaries': () => ({ users: [] }),
  });
  const user = userEvent.setup();
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
      </MemoryRouter>
    </TestProviders>,
  );
  return { user };
}

beforeEach(async () => {
  await startSession(makeUser());
});
afterEach(() => {
  gateway.restore();
  clearSession();
});

describe('chat and private_chat', () => {
  it("hides chat from the menu when private_chat is 'no', keeping room chat", async () => {
    const { user } = renderApp('/lobby', { private_chat: 'no', room_chat: 'yes' });
    await user.click(await screen.findByRole('button', { name: 'Open the menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(await within(menu).findByRole('link', { name: 'Room chat' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Chat' })).not.toBeInTheDocument();
  });

  it.each(['/chat?conversation=conv-1', '/chat?to=8', '/chat?view=new'])(
    "blocks a deep link (%s) when private_chat is 'no': nothing opens, nothing is read",
    async (route) => {
      renderApp(route, { private_chat: 'no', room_chat: 'yes' });
      const drawer = await screen.findByRole('dialog', { name: 'Chat' });
      expect(
        await within(drawer).findByText('This page is not available to you at this event.'),
      ).toBeInTheDocument();
      expect(within(drawer).queryByRole('textbox')).not.toBeInTheDocument();
      expect(gateway.inputsOf('conversation.getConversation')).toEqual([]);
      expect(gateway.inputsOf('conversation.listConversations')).toEqual([]);
      expect(gateway.inputsOf('user.getSummaries')).toEqual([]);
    },
  );

  it("opens the same deep link when private_chat is 'yes'", async () => {
    renderApp('/chat?to=8', { private_chat: 'yes' });
    const drawer = await screen.findByRole('dialog', { name: 'Chat' });
    expect(await within(drawer).findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(gateway.inputsOf('user.getSummaries')).toEqual([{ ids: [8] }]);
  });
});
