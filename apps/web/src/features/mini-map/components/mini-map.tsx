// The mini-map (spec 02 §2.10, §4.11): the event's map image at the bottom right with a link over each room's
// area (rect, circle or poly) to /room/{room_id}, and an on/off toggle; it starts as mini_map_at_start says unless
// the user's choice is stored (enableMiniMap). Under 960 px the map and its toggle are hidden. Beyond the spec:
// every area is a keyboard-reachable link named by its room, and the Rooms list (every room the user may enter,
// with how many people are in it now) is the same map for keyboard and screen-reader users, on every screen.
import { useId, useState } from 'react';
import { Anchor, Box, Button, Group, List, Loader, Paper, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { BREAKPOINTS, STORAGE_KEYS, type CurrentUser, type MiniMap } from '@showfloor/contracts';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { useProxiedFile } from '../../../lib/api/use-proxied-file.ts';
import { useStoredFlag } from '../../../lib/shell/stored-flags.ts';
import { miniMapImageUrl, useEnterableRooms, useMiniMap } from '../api/use-mini-map.ts';
import {
  areaCentre,
  areaShape,
  areaWidth,
  isMiniMapOn,
  labelLines,
  miniMapAtStart,
  roomHref,
  type AreaShape,
} from '../mini-map-rules.ts';
import './mini-map.css';

/** The widest the map is drawn (it keeps its proportions). */
const MAP_MAX_WIDTH = 320;

function MapImage({
  map,
  eventCode,
  hrefOf,
}: {
  map: MiniMap;
  eventCode: string;
  hrefOf: (roomId: number) => string | undefined;
}) {
  const { t } = useTranslation('mini-map');
  const navigate = useNavigate();
  const image = useProxiedFile(miniMapImageUrl(eventCode), { as: 'url' });
  if (image.status === 'error')
    return (
      <Text c="red.9" size="sm" role="alert">
        {image.message}
      </Text>
    );
  if (image.status === 'loading') return <Loader size="sm" aria-label={t('loading')} />;
  const width = Math.min(MAP_MAX_WIDTH, map.width);
  return (
    <Box pos="relative" w={width} h={(width * map.height) / map.width}>
      <img src={image.src} alt="" width={width} style={{ display: 'block', width: '100%', height: '100%' }} />
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        role="group"
        aria-label={t('mapLabel')}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
      >
        {map.room_coords_mapping.map((area) => {
          const href = hrefOf(area.room_id);
          const shape = areaShape(area.shape, area.coords);
          if (!href || !shape) return null;
          return (
            <a
              key={area.id}
              href={href}
              className="sf-mini-map-area"
              aria-label={area.room_name}
              data-shape={area.shape}
              onClick={(e) => {
                e.preventDefault();
                void navigate(href);
              }}
            >
              <title>{area.room_name}</title>
              {shape.kind === 'rect' ? (
                <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} rx={4} />
              ) : shape.kind === 'circle' ? (
                <circle cx={shape.cx} cy={shape.cy} r={shape.r} />
              ) : (
                <polygon points={shape.points} />
              )}
              {/* The painted image has no words: the room's name on its area (the link's name says it already). */}
              <AreaLabel name={area.room_name} shape={shape} />
            </a>
          );
        })}
      </svg>
    </Box>
  );
}

/** The label's font size in the image's pixels (the label scales with the map, as the painted areas do). */
const LABEL_FONT_SIZE = 15;

/** A room's name on its area, over two or more lines when one does not fit the area's width. */
function AreaLabel({ name, shape }: { name: string; shape: AreaShape }) {
  const centre = areaCentre(shape);
  const lines = labelLines(name, areaWidth(shape) - 6, LABEL_FONT_SIZE);
  const lineHeight = LABEL_FONT_SIZE * 1.15;
  const top = centre.y - ((lines.length - 1) * lineHeight) / 2;
  return (
    <text
      aria-hidden="true"
      className="sf-mini-map-label"
      x={centre.x}
      y={top}
      fontSize={LABEL_FONT_SIZE}
      textAnchor="middle"
      dominantBaseline="middle"
    >
      {lines.map((line, index) => (
        <tspan key={index} x={centre.x} y={top + index * lineHeight}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

export function MiniMapOverlay({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('mini-map');
  const { preferences, isSuccess } = useEventPreferences(user.event_code);
  const isEnabled = isSuccess && isMiniMapOn(preferences);
  const [isShown, setShown] = useStoredFlag(STORAGE_KEYS.MINI_MAP, miniMapAtStart(preferences));
  const isNarrow = useMediaQuery(`(max-width: ${BREAKPOINTS.MEDIUM - 0.02}px)`) ?? false;
  const [isListOpen, setListOpen] = useState(false);
  const listId = useId();
  const map = useMiniMap(user.event_code, isEnabled && isShown && !isNarrow);
  const rooms = useEnterableRooms(user, isEnabled, isListOpen);
  if (!isEnabled) return null;

  const hrefOf = (roomId: number): string | undefined => {
    const room = rooms.rooms.find((r) => r.id === roomId);
    return room ? roomHref(room) : undefined;
  };
  return (
    <Box
      component="aside"
      aria-label={t('label')}
      pos="fixed"
      bottom={16}
      right={16}
      maw="calc(100vw - 32px)"
      style={{ zIndex: 20 }}
    >
      <Paper shadow="md" radius="md" p="xs" withBorder>
        {isShown && !isNarrow ? (
          <Box mb="xs">
            {map.error ? (
              <Text c="red.9" size="sm" role="alert">
                {parseAppError(map.error).message}
              </Text>
            ) : map.data ? (
              <MapImage map={map.data} eventCode={user.event_code} hrefOf={hrefOf} />
            ) : (
              <Loader size="sm" aria-label={t('loading')} />
            )}
          </Box>
        ) : null}
        {isListOpen ? (
          <Box
            component="nav"
            id={listId}
            aria-label={t('rooms')}
            mb="xs"
            mah="50vh"
            style={{ overflowY: 'auto' }}
          >
            {rooms.error ? (
              <Text c="red.9" size="sm" role="alert">
                {parseAppError(rooms.error).message}
              </Text>
            ) : rooms.isLoading ? (
              <Loader size="sm" aria-label={t('loading')} />
            ) : (
              <List listStyleType="none" spacing={4}>
                {rooms.rooms.map((room, index) => {
                  const count = rooms.countOf(index);
                  return (
                    <List.Item key={room.id}>
                      <Anchor component={Link} to={roomHref(room)} fw={600}>
                        {room.name}
                      </Anchor>{' '}
                      <Text span size="sm" c="dimmed">
                        {count === undefined ? '' : t('people', { count })}
                      </Text>
                    </List.Item>
                  );
                })}
              </List>
            )}
          </Box>
        ) : null}
        <Group gap="sm" justify="flex-end" wrap="nowrap">
          {isNarrow ? null : (
            <Switch
              label={t('toggle')}
              checked={isShown}
              onChange={(e) => setShown(e.currentTarget.checked)}
            />
          )}
          <Button
            size="xs"
            variant={isListOpen ? 'filled' : 'default'}
            aria-expanded={isListOpen}
            aria-controls={isListOpen ? listId : undefined}
            onClick={() => setListOpen((open) => !open)}
          >
            {t('rooms')}
          </Button>
        </Group>
      </Paper>
    </Box>
  );
}
