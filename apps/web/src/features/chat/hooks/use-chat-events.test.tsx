import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { getUnreadCount, setUnreadCount } from '../../../lib/shell/unread.ts';
import { setSocket } from '../../../lib/socket/registry.ts';
import { chatNotificationsStore } from '../../../lib/ui/notify.ts';
import {
  ADA,
  createFakeChatRelay,
  makeConversation,
  makeMessage,
  type FakeChatRelay,
} from '../../../testing/chat-fixtures.ts';
import { makeUser, prefs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { ChatList } from '../components/chat-list.tsx';
import { activeView } from '../stores/active-view.ts';
import { messageSound } from '../utils/sound.ts';
import { CHAT_UNREAD_SOURCE, useChatEvents } from './use-chat-events.ts';

const ada = makeUser({ id: ADA.id });
let relay: FakeChatRelay;
let gateway: ReturnType<typeof mockTrpc>;
let serverUnread: boolean;
let preferences: Record<string, string>;

function Shell() {
  useChatEvents(ada);
  return null;
}

beforeEach(() => {
  relay = createFakeChatRelay();
  relay.fake.install();
  serverUnread = false;
  preferences = { private_chat: 'yes', room_chat: 'yes' };
  gateway = mockTrpc({
    'conversation.listConversations': () => ({
      conversations: [makeConversation({ isUnread: serverUnread })],
    }),
    'event.getPreferences': () => prefs(preferences),
  });
});
afterEach(() => {
  gateway.restore();
  setSocket(null);
  activeView.set(null);
  setUnreadCount(CHAT_UNREAD_SOURCE, 0);
  chatNotificationsStore.setState({ notifications: [], queue: [], defaultPosition: 'bottom-left', limit: 4 });
  vi.restoreAllMocks();
});

/** Lets the query cache tell its observers (it batches on a timer). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

async function mount() {
  const view = renderWithProviders(<Shell />);
  await waitFor(() => expect(gateway.inputsOf('conversation.listConversations')).toHaveLength(1));
  await settle();
  return view;
}

describe('useChatEvents', () => {
  it("lights the menu's unread dot for someone else's message, not for one's own", async () => {
    await mount();
    expect(getUnreadCount(CHAT_UNREAD_SOURCE)).toBe(0);
    act(() => relay.deliver(makeMessage(4, { from: ADA.id, to: [8] })));
    await settle();
    expect(getUnreadCount(CHAT_UNREAD_SOURCE)).toBe(0);
    act(() => relay.deliver(makeMessage(5)));
    await settle();
    expect(getUnreadCount(CHAT_UNREAD_SOURCE)).toBe(1);
  });

  it('marks nothing unread while the conversation is being read at its bottom', async () => {
    await mount();
    activeView.set({ conversationId: 'conv-1', isAtBottom: true });
    act(() => relay.deliver(makeMessage(4)));
    await settle();
    expect(getUnreadCount(CHAT_UNREAD_SOURCE)).toBe(0);
    activeView.set({ conversationId: 'conv-1', isAtBottom: false });
    act(() => relay.deliver(makeMessage(5)));
    await settle();
    expect(getUnreadCount(CHAT_UNREAD_SOURCE)).toBe(1);
  });

  it("chimes for others' private messages once, not for one's own, a call's end or room chat", async () => {
    const play = vi.spyOn(messageSound, 'play').mockImplementation(() => undefined);
    await mount();
    act(() => {
      relay.deliver(makeMessage(4));
      relay.deliver(makeMessage(4));
      relay.deliver(makeMessage(5, { from: ADA.id, to: [8] }));
      relay.deliver(makeMessage(6, { type: 'video', action: 'end', message: '' }));
      relay.deliver(
        makeMessage(1, {
          id: 'room-msg',
          conversation: 'room-4',
          to: [],
          room: { id: 4, name: 'Expo Hall' },
        }),
      );
    });
    expect(play).toHaveBeenCalledOnce();
  });

  it('shows others’ room messages as chat toasts when the newsfeed is on, at most 4 at a time', async () => {
    window.localStorage.setItem(STORAGE_KEYS.ROOM_CHAT_FEED, 'true');
    await mount();
    const room = (seq: number, from = 8) =>
      makeMessage(seq, {
        id: `room-${seq}`,
        conversation: 'room-4',
        from,
        to: [],
        room: { id: 4, name: 'Expo Hall' },
      });
    act(() => {
      for (let seq = 1; seq <= 5; seq += 1) relay.deliver(room(seq));
      relay.deliver(room(6, ADA.id));
    });
    const { notifications, queue } = chatNotificationsStore.getState();
    expect(notifications).toHaveLength(4);
    expect(queue).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ title: 'Grace Hopper in Expo Hall', message: 'Message 1' });
    // Reading that room chat: no toast for it.
    activeView.set({ conversationId: 'room-4', isAtBottom: false });
    act(() => relay.deliver(room(7)));
    expect(chatNotificationsStore.getState().queue).toHaveLength(1);
  });

  it('shows no room toasts with the newsfeed off', async () => {
    window.localStorage.setItem(STORAGE_KEYS.ROOM_CHAT_FEED, 'false');
    await mount();
    act(() =>
      relay.deliver(makeMessage(1, { conversation: 'room-4', to: [], room: { id: 4, name: 'Expo Hall' } })),
    );
    expect(chatNotificationsStore.getState().notifications).toHaveLength(0);
  });

  it('sets no unread mark for what shows nothing, and a reconnect clears none (venueless, Mattermost)', async () => {
    await mount();
    act(() => {
      relay.deliver(makeMessage(4, { type: 'video', action: 'end', message: '' }));
      relay.deliver(makeMessage(5, { action: 'delete', message: '' }));
    });
    await settle();
    expect(getUnreadCount(CHAT_UNREAD_SOURCE)).toBe(0);
    act(() => relay.deliver(makeMessage(6)));
    await settle();
    expect(getUnreadCount(CHAT_UNREAD_SOURCE)).toBe(1);
    // The server kept it unread (a catch-up read marks nothing read): the list read after the reconnect says so.
    serverUnread = true;
    act(() => {
      relay.disconnect();
      relay.reconnect();
    });
    await waitFor(() => expect(gateway.inputsOf('conversation.listConversations')).toHaveLength(2));
    await settle();
    expect(getUnreadCount(CHAT_UNREAD_SOURCE)).toBe(1);
  });

  it('plays no sound for private messages when private chat is off for the event, and still toasts room chat', async () => {
    preferences = { private_chat: 'no', room_chat: 'yes' };
    window.localStorage.setItem(STORAGE_KEYS.ROOM_CHAT_FEED, 'true');
    const play = vi.spyOn(messageSound, 'play').mockImplementation(() => undefined);
    renderWithProviders(<Shell />);
    await waitFor(() => expect(gateway.inputsOf('event.getPreferences')).toHaveLength(1));
    await settle();
    act(() => {
      relay.deliver(makeMessage(4));
      relay.deliver(
        makeMessage(5, { id: 'room-5', conversation: 'room-4', to: [], room: { id: 4, name: 'Expo Hall' } }),
      );
    });
    expect(play).not.toHaveBeenCalled();
    expect(chatNotificationsStore.getState().notifications).toHaveLength(1);
  });

  it('leaves the dot off and the list unread when private chat is off for the event', async () => {
    preferences = { private_chat: 'no' };
    serverUnread = true;
    renderWithProviders(<Shell />);
    await settle();
    expect(gateway.inputsOf('conversation.listConversations')).toHaveLength(0);
    expect(getUnreadCount(CHAT_UNREAD_SOURCE)).toBe(0);
  });

  it('writes a live message into the cached list, and the open list shows it without reading the list again', async () => {
    renderWithProviders(
      <>
        <Shell />
        <ChatList userId={ADA.id} eventCode="DEMO" onOpen={vi.fn()} onNew={vi.fn()} />
      </>,
    );
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('button')).toHaveTextContent('Message 3');
    await settle();
    act(() => relay.deliver(makeMessage(4, { message: 'See you at booth 7' })));
    await waitFor(() => expect(within(list).getByRole('button')).toHaveTextContent('See you at booth 7'));
    expect(within(list).getByRole('button')).toHaveAttribute('data-unread', 'true');
    // The message came from the socket into the query cache (setData): the list was read once, at the start.
    await settle();
    expect(gateway.inputsOf('conversation.listConversations')).toHaveLength(1);
  });
});
