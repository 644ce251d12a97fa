// The call window (spec 02 §4.4): a non-modal dialog over the app, 60 % of the browser window at first, moved by
// its title bar, resized from its four corners between that and the whole window, full screen under 600 px. The
// keyboard moves it with the arrow keys on the move handle (Shift + arrows resize it), and Maximise toggles the
// whole window. Hang up (or Escape inside it) closes it. It takes the focus when it opens and gives it back when it
// closes.
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
  type KeyboardEvent,
} from 'react';
import { ActionIcon, Box, Button, Group, Portal, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS } from '@showfloor/contracts';
import {
  CORNERS,
  clampRect,
  fullRect,
  initialRect,
  moveRect,
  resizeRect,
  type Corner,
  type Rect,
  type Viewport,
} from '../utils/window-geometry.ts';
import { useReturnFocus } from '../../../hooks/use-return-focus.ts';
import './calls.css';

/** Above the drawer and its overlay, below the incoming-call dialog. */
export const CALL_WINDOW_Z_INDEX = 400;
/** How far an arrow key moves or resizes the window. */
const KEY_STEP = 20;

const viewportNow = (): Viewport => ({ width: window.innerWidth, height: window.innerHeight });

export interface CallWindowProps {
  title: string;
  /** A short state line under the title (joined, who is in the call). */
  status?: string;
  onClose(): void;
  children: ReactNode;
}

function MoveIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2l3 3h-2v6h6V9l3 3-3 3v-2h-6v6h2l-3 3-3-3h2v-6H5v2l-3-3 3-3v2h6V5H9z"
        fill="currentColor"
      />
    </svg>
  );
}

function MaximiseIcon({ isMaximised }: { isMaximised: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {isMaximised ? (
        <path d="M8 8h10v10H8zM5 5h10v2H7v8H5z" fill="none" stroke="currentColor" strokeWidth="2" />
      ) : (
        <rect x="4" y="4" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" />
      )}
    </svg>
  );
}

export function CallWindow({ title, status, onClose, children }: CallWindowProps) {
  const { t } = useTranslation('calls');
  const isSmall = useMediaQuery(`(max-width: ${BREAKPOINTS.SMALL - 0.02}px)`) ?? false;
  const [rect, setRect] = useState<Rect>(() => initialRect(viewportNow()));
  const [isMaximised, setMaximised] = useState(false);
  const [isDragging, setDragging] = useState(false);
  const drag = useRef<{ kind: 'move' | Corner; startX: number; startY: number; start: Rect } | null>(null);
  const titleId = 'call-window-title';
  // A keyboard user starting or answering a call lands in its window (its first control: the move handle, else
  // Maximise or Hang up); when it closes, the focus goes back to what had it (the chat's call button). The window
  // is in a Portal, which renders after its first effects: the focus moves once its element is attached.
  useReturnFocus();
  const windowRef = useCallback((node: HTMLDivElement | null) => {
    node?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
  }, []);

  // The browser window changed: the call window stays between its bounds.
  useEffect(() => {
    const onResize = () => setRect((current) => clampRect(current, viewportNow()));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const shown = isSmall || isMaximised ? fullRect(viewportNow()) : rect;
  const canArrange = !isSmall && !isMaximised;

  const startDrag = (kind: 'move' | Corner, event: PointerEvent<HTMLElement>) => {
    if (!canArrange || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { kind, startX: event.clientX, startY: event.clientY, start: rect };
    setDragging(true);
  };
  const onDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    const viewport = viewportNow();
    setRect(
      current.kind === 'move'
        ? moveRect(current.start, dx, dy, viewport)
        : resizeRect(current.start, current.kind, dx, dy, viewport),
    );
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };

  const onMoveKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const step = steps[event.key];
    if (!step || !canArrange) return;
    event.preventDefault();
    const viewport = viewportNow();
    setRect((current) =>
      event.shiftKey
        ? resizeRect(current, 'se', step[0], step[1], viewport)
        : moveRect(current, step[0], step[1], viewport),
    );
  };

  return (
    <Portal>
      <Box
        ref={windowRef}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        className="call-window"
        data-testid="call-window"
        data-full-screen={isSmall || isMaximised ? 'true' : 'false'}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
        style={{
          zIndex: CALL_WINDOW_Z_INDEX,
          left: shown.x,
          top: shown.y,
          width: shown.width,
          height: shown.height,
        }}
      >
        <Group
          className="call-window-bar"
          gap="xs"
          wrap="nowrap"
          justify="space-between"
          onPointerDown={(event) => startDrag('move', event)}
          onPointerMove={onDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          data-dragging={isDragging ? 'true' : undefined}
        >
          <Group gap="xs" wrap="nowrap" miw={0}>
            {canArrange ? (
              <Tooltip label={t('window.moveHint')}>
                <ActionIcon
                  variant="subtle"
                  color="gray.0"
                  aria-label={t('window.move')}
                  aria-describedby="call-window-move-hint"
                  onKeyDown={onMoveKey}
                >
                  <MoveIcon />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Box miw={0}>
              <Text id={titleId} fw={700} size="sm" truncate="end" c="white">
                {title}
              </Text>
              {status ? (
                <Text size="xs" c="gray.3" truncate="end" role="status" data-testid="call-status">
                  {status}
                </Text>
              ) : null}
            </Box>
          </Group>
          <Group gap="xs" wrap="nowrap" onPointerDown={(event) => event.stopPropagation()}>
            {!isSmall ? (
              <ActionIcon
                variant="subtle"
                color="gray.0"
                aria-label={isMaximised ? t('window.restore') : t('window.maximise')}
                aria-pressed={isMaximised}
                onClick={() => setMaximised((value) => !value)}
              >
                <MaximiseIcon isMaximised={isMaximised} />
              </ActionIcon>
            ) : null}
            <Button size="compact-sm" color="red.9" onClick={onClose}>
              {t('window.hangUp')}
            </Button>
          </Group>
        </Group>
        <span id="call-window-move-hint" hidden>
          {t('window.moveHint')}
        </span>
        <Box className="call-window-body" data-dragging={isDragging ? 'true' : undefined}>
          {children}
        </Box>
        {canArrange
          ? CORNERS.map((corner) => (
              <div
                key={corner}
                className="call-window-corner"
                data-corner={corner}
                aria-hidden="true"
                onPointerDown={(event) => startDrag(corner, event)}
                onPointerMove={onDrag}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
              />
            ))
          : null}
      </Box>
    </Portal>
  );
}
