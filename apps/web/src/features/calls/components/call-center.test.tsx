import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  CALL_SUBJECT,
  CALL_WIDGET_EVENTS,
  ChatMessageSchema,
  STORAGE_KEYS,
  chatTopic,
  type CallWidgetEventPayload,
  type CallWidgetOptions,
  type ChatMessage,
} from '@showfloor/contracts';
import { useCallStarter, type CallKind } from '../../../lib/calls/call-requests.ts';
import { setSocket } from '../../../lib/socket/registry.ts';
import { ADA, GRACE, LINUS } from '../../../testing/chat-fixtures.ts';
import { createFakeSocket } from '../../../testing/fake-socket.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { CallCenter } from './call-center.tsx';

const widgets: FakeWidget[] = [];

class FakeWidget {
  readonly listeners = new Map<string, Set<(payload: CallWidgetEventPayload) => void>>();
  readonly commands: unknown[][] = [];
  isDisposed = false;
  readonly frame = document.createElement('iframe');
  constructor(
    readonly domain: string,
    readonly options: CallWidgetOptions<HTMLElement>,
  ) {
    options.parentNode.appendChild(this.frame);
    widgets.push(this);
  }
  addListener(event: string, listener: (payload: CallWidgetEventPayload) => void) {
    this.listeners.set(event, (this.listeners.get(event) ?? new Set()).add(listener));
  }
  removeListener(event: string, listener: (payload: CallWidgetEventPayload) => void) {
    this.listeners.get(event)?.delete(listener);
  }
  executeCommand(...args: unknown[]) {
    this.commands.push(args);
  }
  dispose() {
    this.isDisposed = true;
    this.frame.remove();
  }
  getIFrame() {
    return this.frame;
  }
  tell(event: string, payload: CallWidgetEventPayload = {}) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
}

vi.mock('../api/call-widget.ts', () => ({
  useCallWidgetConfig: () => ({
    isPending: false,
    data: {
      url: 'http://widget.test/call-widget',
      script_url: 'http://widget.test/call-widget/external_api.js',
    },
  }),
  loadCallWidget: () => Promise.resolve(FakeWidget),
}));

const TOPIC = chatTopic('DEMO');
const ada = makeUser();

/** Linus calls ada in another conversation (conv-2), with his own widget token. */
const LINUS_CALL: Partial<ChatMessage> = {
  conversation: 'conv-2',
  from: LINUS.id,
  token: 'token-2',
  user_summary_info: { id: LINUS.id, firstname: LINUS.firstname, lastname: LINUS.lastname },
};

function call(overrides: Partial<ChatMessage>): ChatMessage {
  return ChatMessageSchema.parse({
    id: `msg-${Math.random().toString(36).slice(2)}`,
    type: 'video',
    action: 'start',
    message: '',
    from: GRACE.id,
    to: [ADA.id],
    timestamp: String(Date.now()),
    conversation: 'conv-1',
    token: 'widget-token-for-ada',
    user_summary_info: { id: GRACE.id, firstname: GRACE.firstname, lastname: GRACE.lastname },
    ...overrides,
  });
}

/** What the chat's call buttons do: ask the tab's call starter. */
function CallButtons({ conversationId = 'conv-1' }: { conversationId?: string }) {
  const start = useCallStarter();
  const ask = (kind: CallKind) =>
    start?.({ conversationId, recipients: [GRACE.id], kind, title: 'Grace Hopper' });
  return (
    <>
      <button type="button" onClick={() => ask('video')}>
        call by video
      </button>
      <button type="button" onClick={() => ask('audio')}>
        call by audio
      </button>
    </>
  );
}

let relay: ReturnType<typeof createFakeSocket>;

beforeEach(() => {
  widgets.length = 0;
  relay = createFakeSocket();
  relay.install();
});
afterEach(() => setSocket(null));

function setup() {
  return renderWithProviders(
    <>
      <CallButtons />
      <CallCenter user={ada} />
    </>,
  );
}

const sent = () =>
  relay.emitted
    .filter((e) => e.topic === TOPIC)
    .map(
      (e) =>
        e.payload as { type: string; action: string; to: number[]; conversation: string; client_id?: string },
    );
const ends = () => sent().filter((p) => p.action === 'end');
const fire = (message: ChatMessage) => act(() => relay.fire(TOPIC, message));
const lastWidget = () => widgets.at(-1) as FakeWidget;

async function ring(overrides: Partial<ChatMessage> = {}) {
  fire(call(overrides));
  return screen.findByRole('dialog', { name: /Incoming (video|audio) call/ });
}

describe('calls', () => {
  it('starts a video call: sends the start, opens the window with the widget when its start returns, mutes the music until hang-up', async () => {
    window.localStorage.setItem(STORAGE_KEYS.BACKGROUND_MUSIC, 'true');
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'call by video' }));
    const [start] = sent();
    expect(start).toMatchObject({ type: 'video', action: 'start', to: [GRACE.id], conversation: 'conv-1' });
    expect(start?.client_id).toBeTruthy();
    expect(screen.queryByTestId('call-window')).toBeNull();

    fire(call({ from: ADA.id, to: [GRACE.id], client_id: start?.client_id, user_summary_info: undefined }));
    const window_ = await screen.findByRole('dialog', { name: 'Video call with Grace Hopper' });
    await waitFor(() => expect(widgets).toHaveLength(1));
    const widget = lastWidget();
    expect(widget.domain).toBe('widget.test/call-widget');
    expect(widget.options).toMatchObject({
      roomName: 'Showfloor-conv-1',
      jwt: 'widget-token-for-ada',
      noSSL: true,
      configOverwrite: { startWithVideoMuted: false, disableDeepLinking: true },
      userInfo: { displayName: 'Ada Lovelace' },
    });
    expect(widget.commands).toContainEqual(['subject', CALL_SUBJECT]);
    expect(widget.frame.title).toBe('Video conference');
    expect(window.localStorage.getItem(STORAGE_KEYS.BACKGROUND_MUSIC)).toBe('false');

    act(() => widget.tell(CALL_WIDGET_EVENTS.JOINED));
    expect(within(window_).getByTestId('call-status')).toHaveTextContent('Waiting for others to join…');
    act(() => widget.tell(CALL_WIDGET_EVENTS.PARTICIPANT_JOINED, { id: 'p2', displayName: 'Grace Hopper' }));
    expect(within(window_).getByTestId('call-status')).toHaveTextContent('In the call: Grace Hopper');

    await user.click(within(window_).getByRole('button', { name: 'Hang up' }));
    expect(screen.queryByTestId('call-window')).toBeNull();
    expect(widget.isDisposed).toBe(true);
    expect(ends()).toEqual([
      expect.objectContaining({ type: 'video', to: [GRACE.id], conversation: 'conv-1' }),
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.BACKGROUND_MUSIC)).toBe('true');
  });

  it('starts an audio call with the video muted, and leaves music that was off alone', async () => {
    window.localStorage.setItem(STORAGE_KEYS.BACKGROUND_MUSIC, 'false');
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'call by audio' }));
    const start = sent()[0];
    fire(call({ type: 'audio', from: ADA.id, to: [GRACE.id], client_id: start?.client_id }));
    await screen.findByRole('dialog', { name: 'Audio call with Grace Hopper' });
    await waitFor(() => expect(widgets).toHaveLength(1));
    expect(lastWidget().options.configOverwrite).toMatchObject({
      startWithVideoMuted: true,
      startAudioOnly: true,
    });
    await user.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.BACKGROUND_MUSIC)).toBe('false');
  });

  it("leaves alone its user's start from another tab", async () => {
    setup();
    fire(call({ from: ADA.id, to: [GRACE.id], client_id: 'another-tab' }));
    fire(call({ id: 'm-x', from: ADA.id, to: [GRACE.id] }));
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('call-window')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the relay refuses the start, and can call again', async () => {
    relay = createFakeSocket((e) =>
      (e.payload as { action: string }).action === 'start'
        ? { statusCode: 400, message: 'Message could not be stored: calls are switched off' }
        : { statusCode: 200 },
    );
    relay.install();
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'call by video' }));
    expect(
      await screen.findByText('Message could not be stored: calls are switched off'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'call by video' }));
    expect(sent().filter((p) => p.action === 'start')).toHaveLength(2);
  });

  it("shows an incoming call with the caller's picture, name and '+N', and answers with video", async () => {
    const { user } = setup();
    const dialog = await ring({
      to: [ADA.id, LINUS.id, 12],
      user_summary_info: {
        id: GRACE.id,
        firstname: GRACE.firstname,
        lastname: GRACE.lastname,
        profile_picture: 'pictures/8.png',
      },
    });
    expect(within(dialog).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('and 2 more people')).toHaveTextContent('+2');
    const picture = within(dialog).getByRole('img', { name: 'Picture of Grace Hopper' });
    expect(picture.getAttribute('src')).toContain('path=pictures%2F8.png');
    await user.click(within(dialog).getByRole('button', { name: 'Answer with video' }));
    expect(screen.queryByRole('dialog', { name: /Incoming/ })).toBeNull();
    await screen.findByRole('dialog', { name: 'Video call with Grace Hopper' });
    await waitFor(() => expect(widgets).toHaveLength(1));
    expect(lastWidget().options).toMatchObject({
      roomName: 'Showfloor-conv-1',
      jwt: 'widget-token-for-ada',
      configOverwrite: { startWithVideoMuted: false },
    });
    expect(sent()).toEqual([]);
  });

  it("tells the user's other tabs when it answers, so they stop ringing", async () => {
    const { user } = setup();
    const dialog = await ring();
    expect(relay.emitted.filter((e) => e.topic === 'call_answered')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Answer with audio only' }));
    await screen.findByRole('dialog', { name: 'Audio call with Grace Hopper' });
    expect(relay.emitted.filter((e) => e.topic === 'call_answered').map((e) => e.payload)).toEqual([
      { user_id: ada.id, conversation_id: 'conv-1' },
    ]);
  });

  it('stops ringing when another tab of the user answered, and rings on for the next call waiting', async () => {
    setup();
    await ring();
    fire(call(LINUS_CALL));
    // Someone else's answer, or an answer to another conversation, changes nothing.
    act(() => relay.fire('call_answered', { user_id: LINUS.id, conversation_id: 'conv-1' }));
    act(() => relay.fire('call_answered', { user_id: ada.id, conversation_id: 'conv-9' }));
    expect(within(screen.getByRole('dialog', { name: /Incoming/ })).getByText('Grace Hopper')).toBeVisible();

    act(() => relay.fire('call_answered', { user_id: ada.id, conversation_id: 'conv-1' }));
    const next = await screen.findByRole('dialog', { name: /Incoming/ });
    await waitFor(() => expect(within(next).getByText('Linus Torvalds')).toBeInTheDocument());
    expect(within(next).queryByText('Grace Hopper')).toBeNull();
    act(() => relay.fire('call_answered', { user_id: ada.id, conversation_id: 'conv-2' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // This tab joins nothing and sends nothing: the call goes on in the other tab.
    expect(screen.queryByTestId('call-window')).toBeNull();
    expect(widgets).toHaveLength(0);
    expect(sent()).toEqual([]);
  });

  it('answers a video call with audio only: the video starts muted', async () => {
    const { user } = setup();
    const dialog = await ring();
    expect(within(dialog).queryByText(/^\+/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Answer with audio only' }));
    await screen.findByRole('dialog', { name: 'Audio call with Grace Hopper' });
    await waitFor(() => expect(widgets).toHaveLength(1));
    expect(lastWidget().options.configOverwrite.startWithVideoMuted).toBe(true);
  });

  it('declines: the dialog closes and the caller gets an end message of type video', async () => {
    const { user } = setup();
    const dialog = await ring({ type: 'audio', to: [ADA.id, LINUS.id] });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ends()).toEqual([
      expect.objectContaining({ type: 'video', to: [GRACE.id, LINUS.id], conversation: 'conv-1' }),
    ]);
    expect(screen.queryByTestId('call-window')).toBeNull();
  });

  it('declines with Escape', async () => {
    const { user } = setup();
    await ring();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ends()).toHaveLength(1);
  });

  it('closes the dialog when the caller hangs up before an answer', async () => {
    setup();
    await ring();
    fire(call({ action: 'end' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()).toEqual([]);
  });

  it("closes the window on the other side's end message, without sending one", async () => {
    const { user } = setup();
    const dialog = await ring();
    await user.click(within(dialog).getByRole('button', { name: 'Answer with video' }));
    await waitFor(() => expect(widgets).toHaveLength(1));
    fire(call({ action: 'end', token: undefined }));
    await waitFor(() => expect(screen.queryByTestId('call-window')).toBeNull());
    expect(lastWidget().isDisposed).toBe(true);
    expect(sent()).toEqual([]);
  });

  it('hangs up when the user leaves inside the widget', async () => {
    const { user } = setup();
    await user.click(within(await ring()).getByRole('button', { name: 'Answer with video' }));
    await waitFor(() => expect(widgets).toHaveLength(1));
    act(() => lastWidget().tell(CALL_WIDGET_EVENTS.READY_TO_CLOSE));
    await waitFor(() => expect(screen.queryByTestId('call-window')).toBeNull());
    expect(ends()).toEqual([expect.objectContaining({ to: [GRACE.id], conversation: 'conv-1' })]);
  });

  it('rings a second call over a running one: answering ends the first and joins the second', async () => {
    const { user } = setup();
    await user.click(within(await ring()).getByRole('button', { name: 'Answer with video' }));
    await waitFor(() => expect(widgets).toHaveLength(1));
    const first = lastWidget();

    const second = await ring(LINUS_CALL);
    expect(within(second).getByText('Linus Torvalds')).toBeInTheDocument();
    expect(within(second).getByText('Answering ends your current call.')).toBeInTheDocument();
    expect(screen.getByTestId('call-window')).toBeInTheDocument();

    await user.click(within(second).getByRole('button', { name: 'Answer with video' }));
    await screen.findByRole('dialog', { name: 'Video call with Linus Torvalds' });
    await waitFor(() => expect(widgets).toHaveLength(2));
    expect(first.isDisposed).toBe(true);
    expect(lastWidget().options).toMatchObject({ roomName: 'Showfloor-conv-2', jwt: 'token-2' });
    expect(ends()).toEqual([expect.objectContaining({ conversation: 'conv-1', to: [GRACE.id] })]);
    expect(screen.getAllByTestId('call-window')).toHaveLength(1);
  });

  it('rings a second call over a running one: declining keeps the first', async () => {
    const { user } = setup();
    await user.click(within(await ring()).getByRole('button', { name: 'Answer with video' }));
    await waitFor(() => expect(widgets).toHaveLength(1));
    const second = await ring({ conversation: 'conv-2', from: LINUS.id, to: [ADA.id], token: 'token-2' });
    await user.click(within(second).getByRole('button', { name: 'Decline' }));
    expect(ends()).toEqual([
      expect.objectContaining({ conversation: 'conv-2', to: [LINUS.id], type: 'video' }),
    ]);
    expect(screen.getByRole('dialog', { name: 'Video call with Grace Hopper' })).toBeInTheDocument();
    expect(lastWidget().isDisposed).toBe(false);
  });

  it('keeps a call that rings while another rings waiting behind it', async () => {
    const { user } = setup();
    await ring();
    fire(call(LINUS_CALL));
    const dialog = screen.getByRole('dialog', { name: /Incoming/ });
    expect(within(dialog).getByText('Grace Hopper')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Linus Torvalds')).toBeInTheDocument();
  });
});
