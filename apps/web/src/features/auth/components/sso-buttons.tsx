// Single-sign-on buttons from the event's providers (spec 01 §2, §3): text, optional image, description and
// the provider's button and hover styles.
import { useState, type CSSProperties } from 'react';
import { Button, Image, Stack, Text } from '@mantine/core';
import type { SsoProvider } from '@showfloor/contracts';
import { readableBackground } from '../../../lib/ui/contrast.ts';
import { fileUrl } from '../../../lib/api/files.ts';

/** Provider styles are data: keep only plain CSS property names and values without url() or expressions. */
function toStyle(attributes: SsoProvider['button_attributes']): CSSProperties {
  const style: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (!/^[a-zA-Z-]+$/.test(name)) continue;
    if (typeof value === 'string' && /url\(|expression\(|javascript:/i.test(value)) continue;
    const camel = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    style[camel] = value;
  }
  return style as CSSProperties;
}

/** The provider's colours, with the background nudged if its text would be hard to read. */
function readable(style: CSSProperties): CSSProperties {
  const { backgroundColor, color } = style;
  if (typeof backgroundColor !== 'string' || typeof color !== 'string') return style;
  return { ...style, backgroundColor: readableBackground(backgroundColor, color) };
}

function SsoButton({
  provider,
  eventCode,
  onChoose,
}: {
  provider: SsoProvider;
  eventCode: string;
  onChoose: () => void;
}) {
  const [hover, setHover] = useState(false);
  const style = readable({
    ...toStyle(provider.button_attributes),
    ...(hover ? toStyle(provider.hover_attributes) : {}),
  });
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        fullWidth
        style={style}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        onClick={onChoose}
        leftSection={
          provider.button_filename ? (
            // On a white chip: the button's colour may be darkened for its text (readable), the logo's own
            // background is not.
            <Image
              src={fileUrl('sso_button', eventCode, provider.button_filename)}
              alt=""
              h={22}
              w="auto"
              bg="white"
              p={2}
              radius="sm"
            />
          ) : undefined
        }
      >
        {provider.button_text || provider.name}
      </Button>
      {provider.button_description ? (
        <Text size="xs" c="gray.7">
          {provider.button_description}
        </Text>
      ) : null}
    </Stack>
  );
}

export function SsoButtons({
  providers,
  eventCode,
  onChoose,
}: {
  providers: readonly SsoProvider[];
  eventCode: string;
  onChoose: (provider: SsoProvider) => void;
}) {
  if (providers.length === 0) return null;
  return (
    <Stack gap="sm">
      {providers.map((provider) => (
        <SsoButton
          key={provider.name}
          provider={provider}
          eventCode={eventCode}
          onChoose={() => onChoose(provider)}
        />
      ))}
    </Stack>
  );
}
