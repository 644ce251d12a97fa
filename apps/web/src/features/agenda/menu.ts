// The agenda entry of the side menu (spec 01 §7 "Agenda"): shown when the event has sessions.
import { eventHasAgenda, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const agendaMenuPage: MenuPageEntry = {
  page: 'Agenda',
  path: '/agenda',
  labelKey: 'agenda:menu.label',
  placement: 'list',
  isVisible: eventHasAgenda,
  load: () => import('./routes/agenda-page.tsx'),
};
