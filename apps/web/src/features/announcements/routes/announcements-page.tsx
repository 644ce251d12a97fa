// The event notification page (spec 02 §2.8): event-admins and admins broadcast an announcement to a room, the
// whole event or chosen people (the menu entry needs the /announcement screen right; the relay checks the role).
import { NotificationPanel } from '../components/notification-panel.tsx';

export default function AnnouncementsPage() {
  return <NotificationPanel />;
}
