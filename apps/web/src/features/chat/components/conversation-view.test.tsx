import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ChatMessage } from '@showfloor/contracts';
import { provideCallStarter } from '../../../lib/calls/call-requests.ts';
import { clearHeardStatuses, recordUserStatus } from '../../../lib/presence/user-status.ts';
import { setSocket } from '../../../lib/socket/registry.ts';
import {
  ADA,
  GRACE,
  LINUS,
  at,
  createFakeChatRelay,
  makeConversation,
  makeMessage,
  type FakeChatRelay,
} from '../../../testing/chat-fixtures.ts';
import { makeUser, prefs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { useChatEvents } from '../hooks/use-chat-events.ts';
import { ChatClient, setChatClient, type ChatClientOptions } from '../stores/chat-client.ts';
import { ConversationView } from './conversation-view.tsx';
import type { Conversation } from '@showfloor/contracts';

/** Sizes jsdom does not lay out: each message row is 100 px, the box 400 px high. */
let scrollTops: WeakMap<Element, number>;
function layOutMessages(): void {
  scrollTops = new WeakMap();
  const isList = (el: Element) => el.getAttribute('aria-label') === 'Messages';
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? this.querySelectorAll('li[data-message-id], li[data-client-id]').length * 100 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? 400 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: HTMLElement) {
      return scrollTops.get(this) ?? 0;
    },
    set(this: HTMLElement, value: number) {
      scrollTops.set(this, Math.max(0, Math.min(value, this.scrollHeight - this.clientHeight)));
    },
  });
}

let relay: FakeChatRelay;
let gateway: ReturnType<typeof mockTrpc>;
const ada = makeUser({ id: ADA.id, firstname: ADA.firstname, lastname: ADA.lastname });
/** The tab's chat client as the shell makes it, with a short gap grace. */
const createClient = (options: ChatClientOptions) => new ChatClient({ ...options, gapGraceMs: 20 });

/** The shell's chat topic hook and the view, as the chat page shows them. */
function Chat({ conversation }: { conversation: Conversation }) {
  useChatEvents(ada, { createClient });
  return <ConversationView conversation={conversation} userId={ADA.id} eventCode="DEMO" />;
}

function setUp(
  options: { messages?: ChatMessage[]; isUnread?: boolean; calls?: 'yes' | 'no'; connected?: boolean } = {},
) {
  relay = createFakeChatRelay();
  for (const message of options.messages ?? [1, 2, 3].map((seq) => makeMessage(seq))) relay.store(message);
  // Not yet connected when it becomes the tab's socket (no listener hears the drop): its next `connect()` is
  // its first connection.
  if (options.connected === false) relay.fake.drop();
  relay.fake.install();
  gateway = mockTrpc({
    'conversation.getConversation': (input) => relay.history(input),
    'conversation.listConversations': () => ({
      conversations: [makeConversation({ isUnread: options.isUnread ?? false })],
    }),
    'conversation.markRead': () => ({ message: 'Marked as read.' }),
    'event.getPreferences': () =>
      prefs({ calls: options.calls ?? 'no', show_company: 'yes', show_job_title: 'yes' }),
  });
}

function renderView(conversation = makeConversation()) {
  return renderWithProviders(
    <div style={{ height: 600 }}>
      <Chat conversation={conversation} />
    </div>,
  );
}

const bubbles = () =>
  screen
    .getAllByRole('listitem')
    .filter((li) => li.hasAttribute('data-message-id') || li.hasAttribute('data-client-id'));
/** How many bubbles show a text (the live region's announcements aside). */
const shown = (text: string) =>
  within(screen.getByRole('region', { name: 'Messages' })).queryAllByText(text, { exact: false }).length;

async function type(view: ReturnType<typeof renderView>, text: string) {
  const box = screen.getByRole('textbox', { name: 'Message' });
  await view.user.type(box, `${text}{Enter}`);
}

beforeEach(() => layOutMessages());
afterEach(() => {
  setChatClient(null);
  setSocket(null);
  gateway.restore();
});

describe('ConversationView', () => {
  it('shows the history grouped by day under its date, with the conversation start first', async () => {
    setUp({ messages: [makeMessage(1, { timestamp: String(at(0, 22)) }), makeMessage(2), makeMessage(3)] });
    renderView();
    expect(await screen.findByText('Message 3')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Messages' });
    const labels = within(list)
      .getAllByText(/Conversation start|November 2026/)
      .map((el) => el.textContent);
    expect(labels).toEqual(['Conversation start', 'Sunday, 22 November 2026', 'Monday, 23 November 2026']);
    expect(within(list).getByText('10:02')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
  });

  it('shows a send as sending until the ack, resends it with the same client id after a reconnect, and shows it once', async () => {
    setUp();
    const view = renderView();
    await screen.findByText('Message 3');
    // The relay stores it, but its ack is lost and its live copy does not come (the tab's node died).
    relay.mode = 'lose-ack';
    relay.deliversOwn = false;
    await type(view, 'Are you there?');
    const pending = await screen.findByText('Sending…');
    expect(pending.closest('[data-delivery]')).toHaveAttribute('data-delivery', 'sending');
    expect(relay.stored.get('conv-1')).toHaveLength(4);
    relay.mode = 'ack';
    act(() => {
      relay.disconnect();
      relay.reconnect();
    });
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    expect(shown('Are you there?')).toBe(1);
    const [first, second] = relay.sends();
    expect(second?.client_id).toBe(first?.client_id);
    expect(relay.stored.get('conv-1')).toHaveLength(4);
  });

  it("marks a refused send failed with the relay's reason, and Retry sends it", async () => {
    setUp();
    const view = renderView();
    await screen.findByText('Message 3');
    relay.mode = { refuse: 'The message could not be stored: Private chat is switched off for this event.' };
    await type(view, 'Hello?');
    expect(
      await screen.findByText(
        'Not sent: The message could not be stored: Private chat is switched off for this event.',
      ),
    ).toHaveAttribute('role', 'alert');
    relay.mode = 'ack';
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/^Not sent/)).not.toBeInTheDocument());
    expect(shown('Hello?')).toBe(1);
    expect(relay.stored.get('conv-1')?.at(-1)?.message).toBe('Hello?');
  });

  it('drops a copy of a message it already shows, by id and by client id', async () => {
    setUp();
    renderView();
    await screen.findByText('Message 3');
    act(() => {
      relay.deliver(makeMessage(3));
      relay.deliver(makeMessage(2, { id: 'msg-2' }));
    });
    const resent = relay.store(makeMessage(4, { client_id: 'k-4', message: 'Only once' }));
    act(() => {
      relay.deliver(resent);
      relay.deliver({ ...resent, id: 'msg-4-copy', seq: 4 });
      relay.deliver({ ...resent, id: 'msg-4-again', seq: 5 });
    });
    expect(shown('Only once')).toBe(1);
    expect(bubbles()).toHaveLength(4);
  });

  it('catches a sequence gap up from the relay and shows the missing message in its place', async () => {
    setUp();
    renderView();
    await screen.findByText('Message 3');
    relay.store(makeMessage(4));
    const fifth = relay.store(makeMessage(5));
    act(() => relay.deliver(fifth));
    await screen.findByText('Message 4');
    expect(relay.catchUps().at(-1)).toMatchObject({ conversation_id: 'conv-1', after_seq: 3 });
    expect(bubbles().map((li) => li.getAttribute('data-message-id'))).toEqual([
      'msg-1',
      'msg-2',
      'msg-3',
      'msg-4',
      'msg-5',
    ]);
  });

  it('follows new messages at the bottom, and offers a way back when scrolled up', async () => {
    setUp({ messages: Array.from({ length: 10 }, (_, i) => makeMessage(i + 1)) });
    renderView();
    await screen.findByText('Message 10');
    const list = screen.getByRole('region', { name: 'Messages' });
    // Opened at the bottom (1000 px of messages in a 400 px box).
    expect(list.scrollTop).toBe(600);
    act(() => relay.deliver(relay.store(makeMessage(11))));
    expect(list.scrollTop).toBe(700);
    // Within 50 px of the bottom still counts as there; 51 px does not.
    act(() => {
      list.scrollTop = 650;
      list.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByRole('button', { name: 'Return to bottom' })).not.toBeInTheDocument();
    act(() => {
      list.scrollTop = 649;
      list.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByRole('button', { name: 'Return to bottom' })).toBeInTheDocument();
    act(() => relay.deliver(relay.store(makeMessage(12))));
    expect(list.scrollTop).toBe(649);
    const button = screen.getByRole('button', { name: 'You have new messages' });
    act(() => button.click());
    expect(list.scrollTop).toBe(800);
    expect(screen.queryByRole('button', { name: /new messages|Return to bottom/ })).not.toBeInTheDocument();
  });

  it('loads the older page within 100 px of the top without moving what the reader sees', async () => {
    setUp({ messages: Array.from({ length: 40 }, (_, i) => makeMessage(i + 1)) });
    renderView();
    await screen.findByText('Message 40');
    const list = screen.getByRole('region', { name: 'Messages' });
    expect(screen.queryByText('Conversation start')).not.toBeInTheDocument();
    act(() => {
      list.scrollTop = 101;
      list.dispatchEvent(new Event('scroll'));
    });
    expect(gateway.inputsOf('conversation.getConversation')).toHaveLength(1);
    act(() => {
      list.scrollTop = 100;
      list.dispatchEvent(new Event('scroll'));
    });
    await screen.findByText('Message 1');
    expect(gateway.inputsOf('conversation.getConversation').at(-1)).toMatchObject({
      page_state: 'before:11',
    });
    // Ten older messages (1000 px) went in above: the reader still sees message 12 where it was.
    expect(list.scrollTop).toBe(1100);
    expect(screen.getByText('Conversation start')).toBeInTheDocument();
  });

  it('marks an unread conversation read once its bottom is in view', async () => {
    setUp({ isUnread: true });
    renderView();
    await screen.findByText('Message 3');
    await waitFor(() =>
      expect(gateway.inputsOf('conversation.markRead')).toEqual([{ id: 'conv-1', seq: 3 }]),
    );
  });

  it('names a group by its first other person and how many more, and sends to all of them', async () => {
    setUp();
    const group = makeConversation({
      id: 'conv-2',
      participants: [ADA, GRACE, LINUS],
      isGroupConversation: true,
    });
    const view = renderView(group);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper +1' })).toBeInTheDocument();
    await type(view, 'Hi both');
    await waitFor(() => expect(relay.sends()).toHaveLength(1));
    expect(relay.sends()[0]).toMatchObject({
      to: [GRACE.id, LINUS.id],
      conversation: 'conv-2',
      from: ADA.id,
    });
    expect(screen.getByRole('button', { name: 'Participants (3) (not available yet)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});

// The ways other chat clients lose or repeat messages (issue 13), each held against this one.
describe('ConversationView for screen readers, keyboards and business cards', () => {
  it('announces new messages from others once, politely, and not the history or its own sends', async () => {
    setUp();
    const view = renderView();
    await screen.findByText('Message 3');
    const live = document.querySelector('[aria-live="polite"]');
    expect(live).not.toBeNull();
    expect(live?.textContent).toBe('');
    act(() => {
      relay.deliver(makeMessage(4, { message: 'Are you at the booth?' }));
      relay.deliver(makeMessage(4, { message: 'Are you at the booth?' }));
    });
    await type(view, 'On my way');
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    expect(live?.textContent).toBe('Grace Hopper: Are you at the booth?');
  });

  it('is used by keyboard alone: the messages take the focus, Enter sends, the toolbar is reached by Tab', async () => {
    setUp();
    const view = renderView();
    await screen.findByText('Message 3');
    await view.user.tab();
    const order: Array<string | null> = [];
    for (let i = 0; i < 6; i += 1) {
      const active = document.activeElement as HTMLElement;
      order.push(active.getAttribute('aria-label') ?? active.textContent);
      await view.user.tab();
    }
    expect(order).toContain('Messages');
    expect(order).toContain('Message');
    expect(order.some((name) => name?.startsWith('Request business card'))).toBe(true);
    screen.getByRole('textbox', { name: 'Message' }).focus();
    await view.user.keyboard('Typed only{Enter}');
    await waitFor(() => expect(relay.sends().at(-1)?.message).toBe('Typed only'));
  });

  it("gives the audio and video buttons to the tab's call starter when calls are on", async () => {
    setUp({ calls: 'yes' });
    const start = vi.fn();
    const stop = provideCallStarter(start);
    try {
      const { user } = renderWithProviders(
        <ConversationView conversation={makeConversation()} userId={ADA.id} eventCode="DEMO" />,
      );
      const toolbar = await screen.findByRole('toolbar');
      const button = (action: string) => toolbar.querySelector(`[data-action="${action}"]`) as HTMLElement;
      await waitFor(() => expect(button('videoCall')).not.toHaveAttribute('aria-disabled'));
      expect(button('videoCall')).toHaveAccessibleName('Video call');
      await user.click(button('videoCall'));
      await user.click(button('audioCall'));
      expect(start.mock.calls).toEqual([
        [{ conversationId: 'conv-1', recipients: [GRACE.id], kind: 'video', title: 'Grace Hopper' }],
        [{ conversationId: 'conv-1', recipients: [GRACE.id], kind: 'audio', title: 'Grace Hopper' }],
      ]);
    } finally {
      stop();
    }
  });

  it('shows no call buttons when calls are off', async () => {
    setUp({ calls: 'no' });
    const stop = provideCallStarter(vi.fn());
    try {
      const { queryClient } = renderWithProviders(
        <ConversationView conversation={makeConversation()} userId={ADA.id} eventCode="DEMO" />,
      );
      const toolbar = await screen.findByRole('toolbar');
      // The event's preferences are read (calls 'no'): no call button at all, the business card alone.
      await waitFor(() => expect(gateway.inputsOf('event.getPreferences')).toHaveLength(1));
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(toolbar.querySelector('[data-action="requestCard"]')).not.toBeNull();
      expect(toolbar.querySelector('[data-action="videoCall"]')).toBeNull();
      expect(toolbar.querySelector('[data-action="audioCall"]')).toBeNull();
    } finally {
      stop();
    }
  });

  it('lets the avatar ask for a business card in an individual chat only', async () => {
    setUp();
    const onAvatarClick = vi.fn();
    const { user, unmount } = renderWithProviders(
      <ConversationView
        conversation={makeConversation()}
        userId={ADA.id}
        eventCode="DEMO"
        onAvatarClick={onAvatarClick}
      />,
    );
    await user.click(
      await screen.findByRole('button', { name: 'Request the business card of Grace Hopper' }),
    );
    expect(onAvatarClick).toHaveBeenCalledOnce();
    unmount();
    for (const conversation of [
      makeConversation({ participants: [ADA, GRACE, LINUS], isGroupConversation: true }),
      makeConversation({ id: 'bot-1-7', participants: [ADA], bot: 'helpbot' }),
    ]) {
      const other = renderWithProviders(
        <ConversationView
          conversation={conversation}
          userId={ADA.id}
          eventCode="DEMO"
          onAvatarClick={onAvatarClick}
        />,
      );
      await screen.findByRole('heading', { level: 3 });
      expect(screen.queryByRole('button', { name: /Request the business card/ })).not.toBeInTheDocument();
      other.unmount();
    }
  });
});

describe('the ways peers lose or repeat messages', () => {
  it('reads no catch-up before the socket is back, so nothing stored in between vanishes (Rocket.Chat mobile)', async () => {
    setUp();
    renderView();
    await screen.findByText('Message 3');
    await waitFor(() => expect(relay.catchUps()).toHaveLength(1)); // the read after the first page
    act(() => relay.disconnect());
    // Stored while the tab was away; a read now would be answered before the live subscription is back.
    relay.store(makeMessage(4));
    act(() => relay.deliver(relay.store(makeMessage(5))));
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    // The gap's grace ran out while disconnected: no read went out.
    expect(relay.catchUps()).toHaveLength(1);
    expect(screen.queryByText('Message 4')).not.toBeInTheDocument();
    act(() => relay.reconnect());
    await screen.findByText('Message 5');
    expect(relay.catchUps().at(-1)).toMatchObject({ after_seq: 3 });
    expect(bubbles().map((li) => li.getAttribute('data-message-id'))).toEqual([
      'msg-1',
      'msg-2',
      'msg-3',
      'msg-4',
      'msg-5',
    ]);
  });

  it('catches up by seq, never by time, so messages sharing a timestamp are all shown (Mattermost "since")', async () => {
    const sameMoment = String(at(30));
    setUp({ messages: [makeMessage(1), makeMessage(2, { timestamp: sameMoment })] });
    renderView();
    await screen.findByText('Message 2');
    relay.store(makeMessage(3, { timestamp: sameMoment }));
    act(() => relay.deliver(relay.store(makeMessage(4, { timestamp: sameMoment }))));
    await screen.findByText('Message 3');
    expect(relay.catchUps().at(-1)).toMatchObject({ conversation_id: 'conv-1', after_seq: 2 });
    expect(bubbles().map((li) => li.getAttribute('data-message-id'))).toEqual([
      'msg-1',
      'msg-2',
      'msg-3',
      'msg-4',
    ]);
  });

  it('resends a send whose ack was lost with its client id, so it is stored and shown once (Mattermost)', async () => {
    setUp();
    const view = renderView();
    await screen.findByText('Message 3');
    relay.mode = 'lose-ack';
    await type(view, 'Stored once');
    // The stored copy reaches the tab live while its ack is lost: the bubble is settled by its client id.
    await waitFor(() => expect(shown('Stored once')).toBe(1));
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    relay.mode = 'ack';
    act(() => {
      relay.disconnect();
      relay.reconnect();
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(shown('Stored once')).toBe(1);
    expect(new Set(relay.sends().map((s) => s.client_id)).size).toBe(1);
    expect(relay.stored.get('conv-1')?.filter((m) => m.message === 'Stored once')).toHaveLength(1);
  });

  it('catches up and sends what waited as soon as the socket first connects, not on a retry timer', async () => {
    // A reload on the conversation: its history comes over HTTP before the socket has connected at all.
    setUp({ connected: false });
    const view = renderView();
    await screen.findByText('Message 3');
    await type(view, 'Before the socket');
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    // Stored meanwhile: the socket was not there to hear it.
    relay.store(makeMessage(4));
    expect(relay.catchUps()).toHaveLength(0);
    expect(relay.sends()).toHaveLength(0);
    act(() => relay.fake.connect());
    // The connection itself does it (only promises between): the retry timers (1 s, 5 s) have not run.
    await act(async () => {
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    });
    expect(relay.sends()).toHaveLength(1);
    expect(relay.catchUps()).toEqual([expect.objectContaining({ conversation_id: 'conv-1', after_seq: 3 })]);
    await screen.findByText('Message 4');
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    expect(shown('Before the socket')).toBe(1);
  });

  it("shows the other person's status in an individual chat as it is announced, without a reload", async () => {
    setUp();
    clearHeardStatuses();
    renderWithProviders(
      <ConversationView conversation={makeConversation()} userId={ADA.id} eventCode="DEMO" />,
    );
    await screen.findByRole('heading', { name: 'Grace Hopper', level: 3 });
    expect(screen.queryByRole('img', { name: 'Do not disturb' })).not.toBeInTheDocument();
    act(() => recordUserStatus(GRACE.id, 'busy'));
    expect(screen.getByRole('img', { name: 'Do not disturb' })).toHaveAttribute('data-status', 'busy');
    act(() => recordUserStatus(GRACE.id, 'away'));
    expect(screen.getByRole('img', { name: 'Away' })).toHaveAttribute('data-status', 'away');
    clearHeardStatuses();
  });
});
