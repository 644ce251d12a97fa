// What other parts of the app use of announcements: src/app mounts the listener and the recruiting dashboard
// reuses the notification page for one candidate.
export { useAnnouncements } from './hooks/use-announcements.ts';
export { NotificationPanel, type NotificationPanelProps } from './components/notification-panel.tsx';
