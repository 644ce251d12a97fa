// The message input (spec 02 §5): Enter sends (Shift+Enter is a new line), an empty message cannot be sent, at
// most 2000 characters with the count shown near the limit.
import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH } from '@showfloor/contracts';

/** The count shows from this many characters on. */
export const COUNT_SHOWN_FROM = MAX_TEXT_LENGTH - 200;

function SendIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 20l18-8L3 4v6l12 2-12 2z" fill="currentColor" />
    </svg>
  );
}

export interface ComposerProps {
  onSend: (text: string) => void;
  /** e.g. room chat without an active room. */
  disabled?: boolean;
  placeholder?: string;
}

export function Composer({ onSend, disabled = false, placeholder }: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const isEmpty = text.trim() === '';
  const send = () => {
    if (isEmpty || disabled) return;
    onSend(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const showsCount = text.length >= COUNT_SHOWN_FROM;
  const count = (
    <Text
      component="span"
      size="xs"
      display="block"
      ta="right"
      c={text.length >= MAX_TEXT_LENGTH ? 'var(--mantine-color-red-9)' : 'var(--mantine-color-gray-7)'}
    >
      {t('composer.count', { count: text.length, max: MAX_TEXT_LENGTH })}
    </Text>
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          flex={1}
          value={text}
          onChange={(event) => setText(event.currentTarget.value.slice(0, MAX_TEXT_LENGTH))}
          onKeyDown={onKeyDown}
          maxLength={MAX_TEXT_LENGTH}
          autosize
          minRows={1}
          maxRows={5}
          disabled={disabled}
          aria-label={t('composer.label')}
          placeholder={placeholder ?? t('composer.placeholder')}
          // The count is the field's description (Mantine links it with aria-describedby), under the input.
          inputWrapperOrder={['label', 'input', 'description']}
          description={showsCount ? count : undefined}
        />
        <ActionIcon
          type="submit"
          size={36}
          radius="xl"
          disabled={isEmpty || disabled}
          aria-label={t('composer.send')}
        >
          <SendIcon />
        </ActionIcon>
      </Group>
    </form>
  );
}
