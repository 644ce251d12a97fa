// The room feature's scene pages (the lobby, a room), lazily loaded by src/app/scene-routes.tsx.
export const roomPages = {
  lobby: () => import('./routes/lobby-page.tsx'),
  room: () => import('./routes/room-page.tsx'),
};
