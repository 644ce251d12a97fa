// The demo rooms' words in the app's two languages (the app tells the room which one in `settings`).
const en = {
  openInApp: 'This room opens inside the event app. Sign in to the event and walk in from the lobby.',
  connecting: 'Connecting to the event…',
  welcome: 'Welcome, {name}!',
  peopleHere: 'People here',
  nobodyHere: 'Nobody else is here yet.',
  floorPlan: 'Floor plan',
  floorHint: 'Pick a booth or stage to walk in.',
  infoDesk: 'Info desk',
  infoDeskText: 'New here? Read the welcome note and collect your first badge.',
  readWelcome: 'Read the welcome note',
  checkIn: 'Check in',
  checkedIn: 'Checked in – badge earned',
  people: '{count} here',
  enterRoom: 'Enter {room}',
  locked: 'locked',
  lockedNote: 'By invitation only: you have no access to this room.',
  stage: 'Stage',
  booth: 'Booth',
  meeting: 'Meeting',
  hall: 'Hall',
  website: 'Website',
  visitorsAtBooth: 'At the booth now',
  poster: 'Poster',
  openPoster: 'Open the poster',
  productTour: 'Product tour',
  watchTour: 'Watch the product tour',
  collectBadge: 'Collect the booth badge',
  badgeEarned: 'Badge earned',
  exhibitor: 'Your host',
  live: 'LIVE',
  keynote: 'Opening keynote',
  applaud: 'Applaud',
  applauded: 'Thanks for the applause!',
  audience: 'Audience',
  listenerBadge: 'Collect the Listener badge',
  microphoneOn: 'Microphone on',
  microphoneOff: 'Microphone off',
  toggleMicrophone: 'Turn microphone {state}',
  on: 'on',
  off: 'off',
  mutedBy: '{name} muted your microphone.',
  instance: 'You are at {instance}.',
  you: 'You',
  hallHint: 'Move with the arrow keys or click the floor. Walk up to a stand to look at it.',
  hallCanvas: 'The hall seen from above, with every visitor as a disc',
  backToLobby: 'Back to the lobby',
  partnerIntro: 'Our partners make this event possible. Thank you!',
  partnerCta: 'Visit the Kernel Booth',
};

export type TextKey = keyof typeof en;

const de: Record<TextKey, string> = {
  openInApp:
    'Dieser Raum öffnet sich in der Event-App. Melden Sie sich an und gehen Sie von der Lobby hinein.',
  connecting: 'Verbindung zum Event…',
  welcome: 'Willkommen, {name}!',
  peopleHere: 'Hier sind',
  nobodyHere: 'Noch ist niemand sonst hier.',
  floorPlan: 'Hallenplan',
  floorHint: 'Wählen Sie einen Stand oder eine Bühne, um hineinzugehen.',
  infoDesk: 'Infostand',
  infoDeskText: 'Neu hier? Lesen Sie die Begrüßung und holen Sie sich Ihr erstes Abzeichen.',
  readWelcome: 'Begrüßung lesen',
  checkIn: 'Einchecken',
  checkedIn: 'Eingecheckt – Abzeichen erhalten',
  people: '{count} hier',
  enterRoom: '{room} betreten',
  locked: 'gesperrt',
  lockedNote: 'Nur auf Einladung: Sie haben keinen Zugang zu diesem Raum.',
  stage: 'Bühne',
  booth: 'Stand',
  meeting: 'Meeting',
  hall: 'Halle',
  website: 'Website',
  visitorsAtBooth: 'Gerade am Stand',
  poster: 'Poster',
  openPoster: 'Poster öffnen',
  productTour: 'Produkttour',
  watchTour: 'Produkttour ansehen',
  collectBadge: 'Stand-Abzeichen holen',
  badgeEarned: 'Abzeichen erhalten',
  exhibitor: 'Ihr Gastgeber',
  live: 'LIVE',
  keynote: 'Eröffnungs-Keynote',
  applaud: 'Applaudieren',
  applauded: 'Danke für den Applaus!',
  audience: 'Publikum',
  listenerBadge: 'Zuhörer-Abzeichen holen',
  microphoneOn: 'Mikrofon an',
  microphoneOff: 'Mikrofon aus',
  toggleMicrophone: 'Mikrofon {state}schalten',
  on: 'ein',
  off: 'aus',
  mutedBy: '{name} hat Ihr Mikrofon stummgeschaltet.',
  instance: 'Sie sind an {instance}.',
  you: 'Sie',
  hallHint:
    'Bewegen Sie sich mit den Pfeiltasten oder per Klick. Gehen Sie zu einem Stand, um ihn anzusehen.',
  hallCanvas: 'Die Halle von oben, jede Person als Kreis',
  backToLobby: 'Zurück zur Lobby',
  partnerIntro: 'Unsere Partner machen dieses Event möglich. Danke!',
  partnerCta: 'Zum Kernel Booth',
};

let language: 'en' | 'de' = 'en';

/** Switches the language (and the document's lang, for screen readers). */
export function setLanguage(next: 'en' | 'de'): void {
  language = next;
  document.documentElement.lang = next;
}

/** A text with `{name}` placeholders filled. */
export function t(key: TextKey, values: Record<string, string | number> = {}): string {
  const text = (language === 'de' ? de : en)[key];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
