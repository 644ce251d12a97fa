// Room chat (spec 02 §2.3): the chat and the people of the room behind the drawer, only with an active room; a
// delete in the room reloads its chat and its data (§4.5).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ChatMessage, Conversation } from '@showfloor/contracts';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { SceneContext, type SceneLocation } from '../../../lib/shell/scene.ts';
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
import { makeLobby, makeRoom, makeUser, prefs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { useChatEvents } from '../hooks/use-chat-events.ts';
import { ChatClient, setChatClient, type ChatClientOptions } from '../stores/chat-client.ts';
import RoomChatPage from './room-chat-page.tsx';

const ada = makeUser({ id: ADA.id, firstname: ADA.firstname, lastname: ADA.lastname, room_access: [1, 5] });
const createClient = (options: ChatClientOptions) => new ChatClient({ ...options, gapGraceMs: 20 });

let relay: FakeChatRelay;
let gateway: ReturnType<typeof mockTrpc>;
let roomUsers: (typeof ADA)[];

/** A stored message of room 5's chat. */
const roomMessage = (seq: number, overrides: Partial<ChatMessage> = {}) =>
  makeMessage(seq, {
    id: `room-msg-${seq}`,
    conversation: 'room-5',
    to: [],
    room: { id: 5, name: 'Hall 5' },
    message: `Room message ${seq}`,
    ...overrides,
  });

const roomConversation = (roomId: number, name: string): Conversation =>
  makeConversation({
    id: `room-${roomId}`,
    participants: [],
    isRoomConversation: true,
    roomId,
    roomName: name,
    lastMessage: null,
  });

function Page({ scene }: { scene: SceneLocation | null }) {
  useChatEvents(ada, { createClient });
  return (
    <SceneContext value={scene}>
      <div style={{ height: 600 }}>
        <RoomChatPage />
      </div>
    </SceneContext>
  );
}

const sceneAt = (pathname: string): SceneLocation => ({ pathname, search: '', hash: '' });

function setUp() {
  roomUsers = [ADA, GRACE, LINUS];
  relay = createFakeChatRelay();
  for (const seq of [1, 2]) relay.store(roomMessage(seq));
  relay.fake.install();
  gateway = mockTrpc({
    'content.getRoom': () => makeRoom(),
    'content.getLobby': () => makeLobby(),
    'content.getRoomContent': () => ({ content: [] }),
    'conversation.getRoomConversation': (input) => {
      const { id } = input as { id: number };
      return roomConversation(id, id === 1 ? 'Main hall' : 'Hall 5');
    },
    'conversation.getConversation': (input) => relay.history(input),
    'conversation.listConversations': () => ({ conversations: [] }),
    'user.getRoomUsers': () => ({ users: roomUsers }),
    'user.getSummaries': (input) => ({
      users: [GRACE, LINUS].filter((p) => (input as { ids: number[] }).ids.includes(p.id)),
    }),
    'event.getPreferences': () =>
      prefs({ private_chat: 'yes', room_chat: 'yes', show_company: 'yes', show_job_title: 'no' }),
  });
}

beforeEach(async () => {
  await startSession(ada);
  setUp();
});
afterEach(() => {
  setChatClient(null);
  setSocket(null);
  gateway.restore();
  clearSession();
});

describe('RoomChatPage', () => {
  it("shows the chat of the scene's room and sends to the room, not to people", async () => {
    const view = renderWithProviders(<Page scene={sceneAt('/room/5')} />, { route: '/room-chat' });
    expect(await screen.findByText('Room message 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hall 5' })).toBeInTheDocument();
    expect(gateway.inputsOf('conversation.getRoomConversation')).toEqual([{ id: 5 }]);
    await view.user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello hall{Enter}');
    await waitFor(() => expect(relay.sends()).toHaveLength(1));
    expect(relay.sends()[0]).toMatchObject({
      message: 'Hello hall',
      to: [],
      conversation: 'room-5',
      room: { id: 5, name: 'Hall 5' },
      from: ADA.id,
    });
    const list = screen.getByRole('region', { name: 'Messages' });
    await waitFor(() => expect(within(list).getAllByText('Hello hall')).toHaveLength(1));
    // The room chat's toolbar: the participants, with how many are in the room.
    const toolbar = screen.getByRole('toolbar', { name: 'Chat actions' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Participants (3)']);
  });

  it('names each sender, also one the stored message does not name', async () => {
    relay.store(
      roomMessage(3, { from: LINUS.id, message: 'Kernel Booth opens at ten', user_summary_info: undefined }),
    );
    // The stored message names no sender (user_summary_info absent), and a room chat lists nobody.
    const stored = relay.stored.get('room-5') ?? [];
    relay.stored.set(
      'room-5',
      stored.map((m) => (m.from === LINUS.id ? { ...m, user_summary_info: undefined } : m)),
    );
    renderWithProviders(<Page scene={sceneAt('/room/5')} />, { route: '/room-chat' });
    expect(await screen.findByText('Kernel Booth opens at ten')).toBeInTheDocument();
    expect(await screen.findByText('Linus Torvalds')).toBeInTheDocument();
    expect(gateway.inputsOf('user.getSummaries')).toEqual([{ ids: [LINUS.id] }]);
  });

  it('lists the people in the room with company as the event shows it, and returns to the chat', async () => {
    const view = renderWithProviders(<Page scene={sceneAt('/room/5')} />, { route: '/room-chat' });
    await view.user.click(await screen.findByRole('button', { name: 'Participants (3)' }));
    expect(view.location().search).toBe('?view=participants');
    const people = await screen.findByRole('list', { name: 'Participants' });
    expect(within(people).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(people).getByText('Navy Computing Lab')).toBeInTheDocument();
    // The event hides job titles.
    expect(within(people).queryByText(/Rear Admiral/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hall 5' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Back to the room chat' }));
    expect(await screen.findByText('Room message 2')).toBeInTheDocument();
    expect(view.location().search).toBe('');
  });

  it("says 'Participant list is empty.!' when nobody is in the room", async () => {
    roomUsers = [];
    renderWithProviders(<Page scene={sceneAt('/room/5')} />, { route: '/room-chat?view=participants' });
    expect(await screen.findByText('Participant list is empty.!')).toBeInTheDocument();
  });

  it('is the lobby’s chat when the lobby is the scene', async () => {
    renderWithProviders(<Page scene={sceneAt('/lobby')} />, { route: '/room-chat' });
    expect(await screen.findByRole('heading', { name: 'Main hall' })).toBeInTheDocument();
    expect(gateway.inputsOf('conversation.getRoomConversation')).toEqual([{ id: 1 }]);
  });

  it('needs an active room: none behind the drawer, or one the user may not enter, offers no chat', async () => {
    const first = renderWithProviders(<Page scene={null} />, { route: '/room-chat' });
    expect(await screen.findByText(/Enter a room \(or the lobby\)/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    first.unmount();
    renderWithProviders(<Page scene={sceneAt('/room/9')} />, { route: '/room-chat?view=participants' });
    expect(await screen.findByText(/Enter a room \(or the lobby\)/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Participants' })).not.toBeInTheDocument();
    expect(gateway.inputsOf('content.getRoom')).toEqual([]);
    expect(gateway.inputsOf('conversation.getRoomConversation')).toEqual([]);
    expect(gateway.inputsOf('user.getRoomUsers')).toEqual([]);
  });

  it("reloads the room's chat and data when a message of the room is deleted", async () => {
    renderWithProviders(<Page scene={sceneAt('/room/5')} />, { route: '/room-chat' });
    expect(await screen.findByText('Room message 2')).toBeInTheDocument();
    const reads = gateway.inputsOf('conversation.getConversation').length;
    const roomReads = gateway.inputsOf('content.getRoom').length;
    // The provider removed message 2; the relay tells the room.
    relay.stored.set(
      'room-5',
      (relay.stored.get('room-5') ?? []).filter((m) => m.seq !== 2),
    );
    act(() =>
      relay.deliver(
        roomMessage(3, { id: 'room-msg-del', action: 'delete', message: '', timestamp: String(at(9)) }),
      ),
    );
    await waitFor(() => expect(screen.queryByText('Room message 2')).not.toBeInTheDocument());
    expect(screen.getByText('Room message 1')).toBeInTheDocument();
    expect(gateway.inputsOf('conversation.getConversation').length).toBeGreaterThan(reads);
    await waitFor(() => expect(gateway.inputsOf('content.getRoom').length).toBeGreaterThan(roomReads));
  });
});
