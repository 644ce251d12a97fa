// Announcements: built in a later issue; the route and menu entry exist so the shell is complete.
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export default function AnnouncementsPage() {
  return <PlaceholderPage />;
}
