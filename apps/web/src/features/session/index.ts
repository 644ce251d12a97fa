// What src/app uses of the session feature: the 'logged out' modal (the root layout loads it lazily with the
// first notice) and the session topic's hook (mounted once in the signed-in root).
export { default as LoggedOutModal } from './components/logged-out-modal.tsx';
export { useSessionEvents } from './hooks/use-session-events.ts';
