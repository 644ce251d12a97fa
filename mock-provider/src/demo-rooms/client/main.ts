// The demo rooms: stand-ins for the conference and 3D services an event embeds. Each page draws one template
// (the body's data-template) in the event's colours once the app has sent the session over the room protocol.
import type { AppToRoomMessage } from '@showfloor/contracts/room-frame';
import { avatar, h } from './dom.ts';
import { startHall, type Hall } from './hall.ts';
import { api, apiImage, connect, type RoomChannel, type RoomSession } from './session.ts';
import { setLanguage, t } from './texts.ts';

interface Person {
  id: number;
  firstname: string;
  lastname: string;
  company?: string | null;
  job_title?: string | null;
}
interface RoomInfo {
  id: number;
  name: string;
  type: string;
  link: string;
  active: boolean;
}

const body = document.body;
const template = body.dataset.template ?? 'lobby';
const appOrigins = (body.dataset.appOrigins ?? '').split(' ').filter(Boolean);
const main = document.getElementById('room') as HTMLElement;

let people: Person[] = [];
let microphoneMuted = template === 'stage';
let mutedBy: string | undefined;
const earned = new Set<string>();
let hall: Hall | undefined;
let drawn = '';
let refresh: number | undefined;

const channel: RoomChannel = connect(appOrigins, (session) => void render(session), onEvent);

function onEvent(message: AppToRoomMessage): void {
  if (message.type === 'mute') {
    mutedBy = message.by;
    setMicrophone(true);
    void render(channel.session, true);
  } else if (message.type === 'player') {
    hall?.remote(message.user_id, message.event, message.data);
  } else if (message.type === 'refused') {
    // The app did not pass a message on (too large, or the relay refused it): a room may retry later or tell the
    // visitor; the demo only logs it for its developer.
    console.warn(
      `demo room: the app refused a ${message.refused.type} message (${message.reason})`,
      message.detail,
    );
  }
}

function setMicrophone(muted: boolean): void {
  microphoneMuted = muted;
  channel.send({ type: 'microphone', muted });
}

function applyColours(session: RoomSession): void {
  const c = session.colours;
  if (!c) return;
  const root = document.documentElement.style;
  root.setProperty('--primary', c.primary);
  root.setProperty('--secondary', c.secondary);
  root.setProperty('--accent', c.accent);
  root.setProperty('--bg', c.background);
  root.setProperty('--bg2', c.backgroundSecondary);
}

async function loadPeople(session: RoomSession): Promise<void> {
  if (!session.room) return;
  const answer = await api<{ users: Person[] }>(session, `/user/users/room/${session.room.id}`);
  if (answer) people = answer.users;
}

let queue: Promise<void> = Promise.resolve();
/** Re-renders when what the page shows has changed (the session, the people, a mute); one at a time. */
function render(session: RoomSession, force = false): Promise<void> {
  queue = queue.then(() => draw(session, force)).catch((error: unknown) => console.error('demo room', error));
  return queue;
}

async function draw(session: RoomSession, force: boolean): Promise<void> {
  if (session.settings) setLanguage(session.settings.language);
  applyColours(session);
  if (window.parent === window) {
    main.replaceChildren(
      h('section', { class: 'notice' }, h('h1', {}, document.title), h('p', {}, t('openInApp'))),
    );
    return;
  }
  if (!session.token || !session.user || !session.room) {
    main.replaceChildren(h('p', { class: 'waiting' }, t('connecting')));
    return;
  }
  await loadPeople(session);
  // The session may have grown while the people loaded (the settings come last): draw in its language now.
  if (session.settings) setLanguage(session.settings.language);
  const key = JSON.stringify([
    session.room,
    session.settings,
    session.colours,
    session.user.room_access,
    people.map((p) => p.id),
  ]);
  if (!force && key === drawn) return;
  drawn = key;
  document.title = session.room.name;
  const drawTemplate = TEMPLATES[template] ?? drawLobby;
  const focused = focusedControl();
  main.replaceChildren(header(session), await drawTemplate(session));
  keepFocus(focused);
  refresh ??= window.setInterval(() => void render(channel.session), 5000);
}

// The keyboard focus comes back to the control that had it: after a redraw (it replaces every control, so the focus
// would fall to the page's body: a keyboard user pressing the microphone button would start again from the top),
// and when the room gets the focus back from the app (Chromium leaves a frame's body focused when the focus goes to
// its parent, e.g. to the popup a button here opened; the app gives the focus back to this frame when it closes).
// The control in the same place with the same name gets it: at once when the room has the focus, else when it
// gets it again.
const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';
interface FocusedControl {
  name: string;
  index: number;
}
let focusToRestore: FocusedControl | undefined;

const controlName = (el: Element) =>
  `${el.tagName}|${el.getAttribute('aria-label') ?? ''}|${el.textContent ?? ''}`;

function describeControl(el: Element | null): FocusedControl | undefined {
  if (!el || !main.contains(el)) return undefined;
  return { name: controlName(el), index: [...main.querySelectorAll(FOCUSABLE)].indexOf(el) };
}

function restoreFocus(): void {
  const control = focusToRestore;
  focusToRestore = undefined;
  if (!control || (document.activeElement && document.activeElement !== document.body)) return;
  const controls = [...main.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const match = controls.find((el) => controlName(el) === control.name) ?? controls[control.index];
  match?.focus({ preventScroll: true });
}

/** What had the focus before a redraw (or left the room with it). */
function focusedControl(): FocusedControl | undefined {
  return describeControl(document.activeElement) ?? focusToRestore;
}

function keepFocus(control: FocusedControl | undefined): void {
  focusToRestore = control;
  if (document.hasFocus()) restoreFocus();
}
// The focus leaves the room (to the app): remember where it was.
document.addEventListener('focusout', (event) => {
  if (event.relatedTarget === null && event.target instanceof Element)
    focusToRestore = describeControl(event.target) ?? focusToRestore;
});
window.addEventListener('focus', restoreFocus);
// A pointer chose where to be: nothing to restore.
document.addEventListener('pointerdown', () => (focusToRestore = undefined));

function header(session: RoomSession): HTMLElement {
  const user = session.user!;
  return h(
    'header',
    { class: 'sign' },
    h(
      'div',
      { class: 'sign-text' },
      h('p', { class: 'event' }, session.eventName ?? ''),
      h('h1', {}, session.room!.name),
    ),
    h('p', { class: 'greeting' }, avatar(user, 32), h('span', {}, t('welcome', { name: user.firstname }))),
  );
}

function peopleStrip(title = t('peopleHere')): HTMLElement {
  return h(
    'section',
    { class: 'people', 'aria-label': title },
    h('h2', {}, title),
    people.length === 0
      ? h('p', {}, t('nobodyHere'))
      : h(
          'ul',
          {},
          ...people.map((p) =>
            h(
              'li',
              {},
              avatar(p, 40),
              h('span', { class: 'who' }, h('strong', {}, `${p.firstname} ${p.lastname}`), p.company ?? ''),
            ),
          ),
        ),
  );
}

function badgeButton(label: string, attribute: string, contentId?: number): HTMLButtonElement {
  const done = earned.has(attribute);
  return h(
    'button',
    {
      class: done ? 'button done' : 'button',
      type: 'button',
      'aria-pressed': done ? 'true' : 'false',
      onClick: (event) => {
        earned.add(attribute);
        channel.send({
          type: 'achievement',
          achievement_attribute: attribute,
          ...(contentId ? { content_id: contentId } : {}),
        });
        const button = event.currentTarget as HTMLButtonElement;
        button.classList.add('done');
        button.setAttribute('aria-pressed', 'true');
        button.textContent = t('badgeEarned');
      },
    },
    done ? t('badgeEarned') : label,
  );
}

function microphoneButton(): HTMLElement {
  const button = h(
    'button',
    {
      class: microphoneMuted ? 'mic muted' : 'mic',
      type: 'button',
      'aria-pressed': microphoneMuted ? 'false' : 'true',
      'aria-label': t('toggleMicrophone', { state: microphoneMuted ? t('on') : t('off') }),
      onClick: () => {
        mutedBy = undefined;
        setMicrophone(!microphoneMuted);
        void render(channel.session, true);
      },
    },
    microphoneMuted ? t('microphoneOff') : t('microphoneOn'),
  );
  return h(
    'div',
    { class: 'mic-bar' },
    button,
    mutedBy ? h('p', { class: 'muted-note', role: 'status' }, t('mutedBy', { name: mutedBy })) : null,
  );
}

const KIND_LABEL: Record<string, () => string> = {
  meeting: () => t('stage'),
  external: () => t('booth'),
  '3d': () => t('hall'),
};

async function drawLobby(session: RoomSession): Promise<HTMLElement> {
  const rooms =
    (
      await api<{ event_rooms: Array<{ rooms: RoomInfo[] }> }>(session, '/content/rooms')
    )?.event_rooms.flatMap((group) => group.rooms) ?? [];
  const stands = rooms.filter((room) => room.active && room.type !== 'lobby');
  // A room the user may not enter (not in their room_access) is shown locked: no door, and its people are
  // never asked for (the provider would refuse).
  const access = session.user?.room_access;
  const mayEnter = (room: RoomInfo) => access === undefined || access.includes(room.id);
  const counts = await Promise.all(
    stands.map(async (room) =>
      mayEnter(room)
        ? ((await api<{ users: Person[] }>(session, `/user/users/room/${room.id}`))?.users ?? [])
        : [],
    ),
  );
  const kindOf = (room: RoomInfo) =>
    room.link.includes('meeting-room')
      ? t('meeting')
      : room.link.includes('partner')
        ? t('website')
        : (KIND_LABEL[room.type]?.() ?? t('booth'));
  return h(
    'div',
    { class: 'lobby' },
    h(
      'section',
      { class: 'floor', 'aria-labelledby': 'floor-title' },
      h('h2', { id: 'floor-title' }, t('floorPlan')),
      h('p', { class: 'hint' }, t('floorHint')),
      h(
        'ul',
        { class: 'stands' },
        ...stands.map((room, index) => {
          const here = counts[index] ?? [];
          if (!mayEnter(room))
            return h(
              'li',
              { class: `stand stand-${index % 5} locked` },
              h(
                'div',
                { class: 'door', role: 'group', 'aria-label': `${room.name} – ${t('locked')}` },
                h('span', { class: 'kind' }, kindOf(room)),
                h('span', { class: 'name' }, room.name),
                h('span', { class: 'lock-note' }, t('lockedNote')),
              ),
            );
          return h(
            'li',
            { class: `stand stand-${index % 5}` },
            h(
              'button',
              {
                type: 'button',
                'aria-label': `${t('enterRoom', { room: room.name })} – ${t('people', { count: here.length })}`,
                onClick: () => channel.send({ type: 'navigate', to: { room_id: room.id } }),
              },
              h('span', { class: 'kind' }, kindOf(room)),
              h('span', { class: 'name' }, room.name),
              h(
                'span',
                { class: 'crowd' },
                ...here.slice(0, 5).map((p) => avatar(p, 28)),
                h('span', { class: 'count' }, t('people', { count: here.length })),
              ),
            ),
          );
        }),
      ),
    ),
    h(
      'aside',
      { class: 'desk', 'aria-labelledby': 'desk-title' },
      h('h2', { id: 'desk-title' }, t('infoDesk')),
      h('p', {}, t('infoDeskText')),
      h(
        'button',
        {
          class: 'button primary',
          type: 'button',
          onClick: () => channel.send({ type: 'open_content', content_id: 2 }),
        },
        t('readWelcome'),
      ),
      badgeButton(t('checkIn'), 'lobby_check_in'),
    ),
    // Under the floor plan, not in the desk: the app's mini-map lies over the frame's bottom right corner.
    peopleStrip(),
  );
}

async function drawBooth(session: RoomSession): Promise<HTMLElement> {
  const code = session.user!.event_code;
  const banner = await apiImage(session, `/content/files?type=banner&event_code=${code}&filename=banner.png`);
  const poster = `/api/v1/content/files?type=poster&event_code=${code}&filename=poster.png`;
  return h(
    'div',
    { class: 'booth' },
    banner ? h('img', { class: 'banner', src: banner, alt: '' }) : null,
    h(
      'div',
      { class: 'booth-walls' },
      h(
        'figure',
        { class: 'poster' },
        h(
          'button',
          {
            type: 'button',
            class: 'poster-button',
            onClick: () => channel.send({ type: 'open_content', content_id: 5 }),
          },
          h('img', { src: poster, alt: t('openPoster') }),
        ),
        h('figcaption', {}, t('poster')),
      ),
      h(
        'figure',
        { class: 'screen' },
        h('video', {
          src: '/demo-rooms/media/welcome.webm',
          muted: true,
          autoplay: true,
          loop: true,
          playsinline: true,
          'aria-label': t('productTour'),
        }),
        h('figcaption', {}, t('productTour')),
      ),
    ),
    h(
      'div',
      { class: 'counter' },
      h(
        'button',
        {
          class: 'button primary',
          type: 'button',
          onClick: () => {
            channel.send({ type: 'view_content', event: 'open_video', content_id: 6 });
            channel.send({ type: 'open_content', content_id: 6 });
          },
        },
        t('watchTour'),
      ),
      badgeButton(t('collectBadge'), 'visit_booth_a', 5),
    ),
    peopleStrip(t('visitorsAtBooth')),
  );
}

/** The keynote "broadcast": slides drawn on a canvas and played as a live video stream. */
function liveStream(session: RoomSession): HTMLVideoElement {
  const canvas = h('canvas', { width: 640, height: 360 });
  const g = canvas.getContext('2d')!;
  const styles = getComputedStyle(document.documentElement);
  const started = performance.now();
  const slides = ['Showfloor 2026', 'Rooms · Chat · Calls', 'Thank you for coming!'];
  const frame = () => {
    const s = (performance.now() - started) / 1000;
    const grad = g.createLinearGradient(0, 0, 640, 360);
    grad.addColorStop(0, styles.getPropertyValue('--primary') || '#3b5bdb');
    grad.addColorStop(1, styles.getPropertyValue('--secondary') || '#7048e8');
    g.fillStyle = grad;
    g.fillRect(0, 0, 640, 360);
    g.fillStyle = 'rgba(255,255,255,0.12)';
    g.beginPath();
    g.arc(520 + Math.sin(s) * 20, 90, 70, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#fff';
    g.font = 'bold 36px system-ui, sans-serif';
    g.fillText(slides[Math.floor(s / 6) % slides.length] ?? '', 40, 180);
    g.font = '20px system-ui, sans-serif';
    g.fillText(`${session.eventName ?? ''} · ${t('keynote')}`, 40, 220);
    g.fillStyle = 'rgba(0,0,0,0.35)';
    g.fillRect(0, 340, 640, 20);
    g.fillStyle = '#fff';
    g.fillRect(0, 340, ((s % 6) / 6) * 640, 20);
    requestAnimationFrame(frame);
  };
  frame();
  const video = h('video', { muted: true, autoplay: true, playsinline: true, 'aria-label': t('keynote') });
  video.srcObject = canvas.captureStream(15);
  return video;
}

async function drawStage(session: RoomSession): Promise<HTMLElement> {
  const note = h('p', { class: 'applause', role: 'status' });
  return h(
    'div',
    { class: 'stage' },
    h('div', { class: 'screen big' }, liveStream(session), h('span', { class: 'live' }, t('live'))),
    h(
      'div',
      { class: 'counter' },
      microphoneButton(),
      h(
        'button',
        {
          class: 'button primary',
          type: 'button',
          onClick: () => {
            channel.send({ type: 'scene', event: 'applause' });
            note.textContent = t('applauded');
          },
        },
        t('applaud'),
      ),
      badgeButton(t('listenerBadge'), 'watch_keynote', 7),
      note,
    ),
    peopleStrip(t('audience')),
  );
}

async function drawMeeting(session: RoomSession): Promise<HTMLElement> {
  const me = session.user!;
  const others = people.filter((p) => p.id !== me.id);
  const tile = (p: Person, isMe: boolean) =>
    h(
      'li',
      { class: 'tile' },
      avatar(p, 72),
      h(
        'span',
        { class: 'tile-name' },
        isMe ? `${p.firstname} (${t('you')})` : `${p.firstname} ${p.lastname}`,
      ),
    );
  return h(
    'div',
    { class: 'meeting' },
    session.room!.instance
      ? h('p', { class: 'instance' }, t('instance', { instance: session.room!.instance }))
      : null,
    h(
      'ul',
      { class: 'tiles', 'aria-label': t('peopleHere') },
      tile(me, true),
      ...others.map((p) => tile(p, false)),
    ),
    h('div', { class: 'counter' }, microphoneButton()),
  );
}

async function drawHall(session: RoomSession): Promise<HTMLElement> {
  hall?.stop();
  const canvas = h('canvas', {
    class: 'hall-floor',
    tabindex: 0,
    role: 'img',
    'aria-label': t('hallCanvas'),
  });
  hall = startHall(canvas, session.user!, people, (event, data) =>
    channel.send({ type: 'player', event, data }),
  );
  return h(
    'div',
    { class: 'hall' },
    h('p', { class: 'hint' }, t('hallHint')),
    canvas,
    h('div', { class: 'counter' }, microphoneButton(), badgeButton(t('collectBadge'), 'explore_hall')),
    peopleStrip(),
  );
}

async function drawPartner(session: RoomSession): Promise<HTMLElement> {
  const banner = await apiImage(
    session,
    `/content/files?type=banner&event_code=${session.user!.event_code}&filename=banner.png`,
  );
  return h(
    'div',
    { class: 'partner' },
    banner ? h('img', { class: 'banner', src: banner, alt: '' }) : null,
    h('p', { class: 'lead' }, t('partnerIntro')),
    h(
      'button',
      {
        class: 'button primary',
        type: 'button',
        onClick: () => channel.send({ type: 'navigate', to: { room_id: 8 } }),
      },
      t('partnerCta'),
    ),
    h(
      'button',
      { class: 'button', type: 'button', onClick: () => channel.send({ type: 'navigate', to: 'lobby' }) },
      t('backToLobby'),
    ),
  );
}

const TEMPLATES: Record<string, (session: RoomSession) => Promise<HTMLElement>> = {
  lobby: drawLobby,
  booth: drawBooth,
  stage: drawStage,
  meeting: drawMeeting,
  hall: drawHall,
  partner: drawPartner,
};

// The microphone starts on in rooms with a microphone; the app hears the state once the session arrived.
if (template === 'meeting' || template === 'hall' || template === 'stage') {
  const announce = window.setInterval(() => {
    if (channel.session.token) {
      channel.send({ type: 'microphone', muted: microphoneMuted });
      window.clearInterval(announce);
    }
  }, 300);
}
void render(channel.session);
