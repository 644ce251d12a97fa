// The stand-in's room page (framed by external-api.ts): joins the room named by its path with the token in
// `?jwt=`, reads Jitsi's hash options (video muted, display name, language), shows who is in the call, and tells
// the API when the local participant joined, when others join and leave, and when they hung up.
import { CALL_WIDGET_COMMANDS, CALL_WIDGET_EVENTS } from '@showfloor/contracts/call-widget';
import { WIDGET_SOURCE, isWidgetMessage, type WidgetEventMessage } from './protocol.ts';

interface Participant {
  id: string;
  user_id: number;
  display_name: string;
  video_muted: boolean;
}

const TEXTS = {
  en: {
    inCall: 'In this call',
    you: 'you',
    cameraOff: 'Camera off',
    cameraOn: 'Camera on',
    joining: 'Joining the call…',
    waiting: 'Waiting for others to join…',
    count: (n: number) => (n === 1 ? '1 person in the call' : `${n} people in the call`),
    leave: 'Leave the call',
    left: 'You left the call.',
    failed: 'Could not join the call.',
    room: 'Room',
  },
  de: {
    inCall: 'In diesem Anruf',
    you: 'Sie',
    cameraOff: 'Kamera aus',
    cameraOn: 'Kamera an',
    joining: 'Anruf wird verbunden…',
    waiting: 'Warten auf weitere Teilnehmende…',
    count: (n: number) => (n === 1 ? '1 Person im Anruf' : `${n} Personen im Anruf`),
    leave: 'Anruf verlassen',
    left: 'Sie haben den Anruf verlassen.',
    failed: 'Dem Anruf konnte nicht beigetreten werden.',
    room: 'Raum',
  },
} as const;

/** Jitsi's hash options: `config.x=<JSON>&userInfo.y=<JSON>`. */
function hashOptions(): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const part of location.hash.replace(/^#/, '').split('&')) {
    const [key, value] = part.split('=');
    if (!key || value === undefined) continue;
    try {
      options[key] = JSON.parse(decodeURIComponent(value)) as unknown;
    } catch {
      // A value that is no JSON is not one of ours.
    }
  }
  return options;
}

const body = document.body;
const room = body.dataset.room ?? '';
const appOrigins = (body.dataset.appOrigins ?? '').split(' ').filter(Boolean);
const options = hashOptions();
const language = options['config.defaultLanguage'] === 'de' ? 'de' : 'en';
const texts = TEXTS[language];
document.documentElement.lang = language;
const displayName =
  typeof options['userInfo.displayName'] === 'string' ? options['userInfo.displayName'] : '';
const isVideoMuted = options['config.startWithVideoMuted'] === true;
const jwt = new URLSearchParams(location.search).get('jwt') ?? '';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { dataset?: Record<string, string> } = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const { dataset, ...rest } = props;
  Object.assign(node, rest);
  for (const [key, value] of Object.entries(dataset ?? {})) node.dataset[key] = value;
  node.append(...children);
  return node;
}

/** Tells the app's page (only the configured app origins may hear it). */
function tell(name: string, payload: Record<string, unknown> = {}): void {
  const message: WidgetEventMessage = { source: WIDGET_SOURCE, type: 'event', name, payload };
  for (const origin of appOrigins) window.parent.postMessage(message, origin);
}

const main = document.getElementById('call') as HTMLElement;
const subject = el('h1', { id: 'subject', textContent: room });
const roomLine = el('p', { className: 'room', textContent: `${texts.room}: ${room}` });
const status = el('p', { className: 'status', role: 'status', textContent: texts.joining });
const list = el('ul', { className: 'people', id: 'people' });
list.setAttribute('aria-label', texts.inCall);
const leaveButton = el('button', { type: 'button', className: 'leave', textContent: texts.leave });
main.append(el('header', {}, subject, roomLine), status, list, leaveButton);

let selfId: string | undefined;
let known = new Map<string, Participant>();
let hasLeft = false;
const streamUrl = `/call-widget/api/rooms/${encodeURIComponent(room)}/stream?${new URLSearchParams({
  jwt,
  name: displayName,
  video_muted: isVideoMuted ? '1' : '0',
}).toString()}`;
const stream = new EventSource(streamUrl);

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

function render(participants: Participant[]): void {
  list.replaceChildren(
    ...participants.map((p) => {
      const isSelf = p.id === selfId;
      return el(
        'li',
        { dataset: { participant: p.display_name, self: String(isSelf) } },
        el('span', { className: 'tile', ariaHidden: 'true', textContent: initials(p.display_name) }),
        el('span', {
          className: 'name',
          textContent: isSelf ? `${p.display_name} (${texts.you})` : p.display_name,
        }),
        el('span', { className: 'camera', textContent: p.video_muted ? texts.cameraOff : texts.cameraOn }),
      );
    }),
  );
  status.textContent = participants.length <= 1 ? texts.waiting : texts.count(participants.length);
}

stream.addEventListener('joined', (event) => {
  const joined = JSON.parse((event as MessageEvent<string>).data) as { id: string; room: string };
  selfId = joined.id;
  body.dataset.joined = 'true';
  tell(CALL_WIDGET_EVENTS.JOINED, { roomName: joined.room, id: joined.id, displayName });
});

stream.addEventListener('participants', (event) => {
  const participants = JSON.parse((event as MessageEvent<string>).data) as Participant[];
  const next = new Map(participants.map((p) => [p.id, p]));
  for (const [id, p] of next)
    if (id !== selfId && !known.has(id))
      tell(CALL_WIDGET_EVENTS.PARTICIPANT_JOINED, { id, displayName: p.display_name });
  for (const id of known.keys())
    if (id !== selfId && !next.has(id)) tell(CALL_WIDGET_EVENTS.PARTICIPANT_LEFT, { id });
  known = next;
  render(participants);
});

stream.addEventListener('error', () => {
  // Before joining, an error is a refusal (a bad token): EventSource would only retry it.
  if (selfId === undefined) {
    stream.close();
    status.textContent = texts.failed;
  }
});

function leave(): void {
  if (hasLeft) return;
  hasLeft = true;
  stream.close();
  list.replaceChildren();
  status.textContent = texts.left;
  leaveButton.disabled = true;
  tell(CALL_WIDGET_EVENTS.READY_TO_CLOSE);
}

leaveButton.addEventListener('click', leave);

window.addEventListener('message', (event) => {
  if (event.source !== window.parent || !appOrigins.includes(event.origin)) return;
  if (!isWidgetMessage(event.data, 'command')) return;
  if (event.data.name === CALL_WIDGET_COMMANDS.SUBJECT && typeof event.data.args[0] === 'string') {
    subject.textContent = event.data.args[0];
    document.title = event.data.args[0];
  } else if (event.data.name === CALL_WIDGET_COMMANDS.HANGUP) {
    leave();
  }
});

tell('ready');
