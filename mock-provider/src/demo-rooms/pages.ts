/**
 * The demo room pages: one per room link of the demo fixture (`/demo-rooms/<scope>/<name>`), each drawn by a
 * template of the room client (client/main.ts). They stand in for the conference and 3D services a real event
 * embeds, speak the room protocol of @showfloor/contracts, and are served from the provider's own origin so
 * the app's origin rules run as they will against a real service.
 */

/** How a page is drawn. */
export const DEMO_TEMPLATES = ['lobby', 'booth', 'stage', 'meeting', 'hall', 'partner'] as const;
export type DemoTemplate = (typeof DEMO_TEMPLATES)[number];

/** One demo page. */
export interface DemoPage {
  template: DemoTemplate;
  /** The page's title until the app names the room. */
  title: string;
}

/** The pages by path below /demo-rooms/. */
export const DEMO_PAGES: Readonly<Record<string, DemoPage>> = {
  'demo/lobby': { template: 'lobby', title: 'Lobby' },
  'closed/lobby': { template: 'lobby', title: 'Lobby' },
  'vip/lobby': { template: 'lobby', title: 'Lobby' },
  'demo/partner-website': { template: 'partner', title: 'Partner Website' },
  'demo/kernel-booth': { template: 'booth', title: 'Kernel Booth' },
  'meeting/talk-stage': { template: 'stage', title: 'Talk Stage' },
  'meeting/meeting-room': { template: 'meeting', title: 'Meeting Room' },
  'demo/expo-hall': { template: 'hall', title: 'Expo Hall' },
  'demo/vip-lounge': { template: 'hall', title: 'VIP Lounge' },
};

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML of a page: the app origins it may be framed by and talk to travel in a data attribute, so the client
 * checks every message's origin against exactly those.
 */
export function renderDemoPage(page: DemoPage, appOrigins: readonly string[]): string {
  const origins = escapeHtml(appOrigins.join(' '));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<link rel="stylesheet" href="/demo-rooms/assets/room.css">
<script type="module" src="/demo-rooms/assets/room.js"></script>
</head>
<body data-template="${page.template}" data-app-origins="${origins}">
<main id="room" aria-live="polite"><p class="waiting">${escapeHtml(page.title)}</p></main>
</body>
</html>
`;
}
