// The shell's scene routes: what fills the screen behind the side menu (the lobby, a room, the graphics error).
// Menu pages (app/menu-pages.ts) open in the drawer over the scene, so a room stays mounted while its visitor
// chats or reads the help (spec 02 §2.3 "Drawer pages"). The router mounts both under '/' (so each path is
// known and guarded); the shell renders the scene from these routes' matches at the scene's own path, so scene
// pages take what they need from their params (useParams), not from the URL, which may name a menu page.
import { Navigate, type RouteObject } from 'react-router-dom';
import { roomPages } from '../features/room/pages.ts';
import { webglErrorPage } from '../features/webgl-error/pages.ts';
import { title } from './document-title.tsx';
import { lazyElement } from './lazy-element.tsx';

export const sceneRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/lobby" replace /> },
  {
    path: 'lobby',
    handle: title('room:lobby.title'),
    element: lazyElement(roomPages.lobby),
  },
  {
    path: 'room/:roomId',
    handle: title('room:title'),
    element: lazyElement(roomPages.room),
  },
  {
    path: 'webgl-error',
    handle: title('webgl-error:title'),
    element: lazyElement(webglErrorPage),
  },
];
