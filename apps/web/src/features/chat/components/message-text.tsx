// A message's text (spec 02 §5): `[label | address]` links open in a new tab; everything else is text, never HTML.
import { Anchor } from '@mantine/core';
import { useMemo } from 'react';
import { parseMessageText } from '../utils/message-text.ts';

export function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => parseMessageText(text), [text]);
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          <Anchor
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            inherit
            underline="always"
          >
            {part.label}
          </Anchor>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
