// What the mini-map feature offers the app: the overlay shown over the scene.
export { MiniMapOverlay } from './components/mini-map.tsx';
