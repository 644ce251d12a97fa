// What src/app uses of the shell: the app shell (header, side menu drawer, scene) the signed-in root renders.
export { AppShell } from './components/app-shell.tsx';
