// Room chat: built in a later issue; the route and menu entry exist so the shell is complete.
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export default function RoomChatPage() {
  const { t } = useTranslation('room-chat');
  return <PlaceholderPage title={t('title')} />;
}
