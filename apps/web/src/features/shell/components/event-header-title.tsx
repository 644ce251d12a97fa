// The header's title: the event's banner and name (event.getEvent) on the event's primary colour, so a visitor
// sees whose show this is; the product's name while the event is read or when it cannot be.
import { useState } from 'react';
import { Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEventDetails } from '../../../hooks/use-event-details.ts';
import { bannerUrl } from '../../../lib/api/files.ts';

/** The banner's height in the header, in px. */
const BANNER_HEIGHT = 32;

export function EventHeaderTitle({ eventCode }: { eventCode: string }) {
  const { t } = useTranslation('shell');
  const event = useEventDetails(eventCode);
  const [hasBanner, setHasBanner] = useState(true);
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {hasBanner ? (
        // The banner is the event's decoration; its name is the text beside it.
        <Image
          src={bannerUrl(eventCode)}
          alt=""
          h={BANNER_HEIGHT}
          w="auto"
          fit="contain"
          radius="sm"
          onError={() => setHasBanner(false)}
          data-testid="event-banner"
        />
      ) : null}
      {/* A long name wraps to a second line (and shrinks on a phone) rather than losing its end. */}
      <Text
        fw={700}
        fz={{ base: 'md', sm: 'lg' }}
        lh={1.2}
        lineClamp={2}
        c="var(--mantine-primary-color-contrast)"
      >
        {event.data?.name ?? t('appName')}
      </Text>
    </Group>
  );
}
