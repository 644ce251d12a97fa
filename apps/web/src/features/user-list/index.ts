// What the participants feature offers the app: the shell-wide hook that keeps microphone states live.
export { useMicrophoneEvents } from './hooks/use-microphone-events.ts';
