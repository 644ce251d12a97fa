// Skills and interests (spec 02 §2.10, §4.8, §5, §8): the chips, each deletable, and a text input where Enter
// adds the text when it passes the rule (letters, digits, whitespace and # & + - . @; not empty; at most 2000).
// An added tag joins the list and the stored profile and the input is cleared. At least one of each is asked
// for: an empty list says so. The server's failures show capitalised; a success goes after 3.5 s.
import { useState, type KeyboardEvent } from 'react';
import { Badge, Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_SKILL_LENGTH, TIMINGS, type TagType, type UserProfile } from '@showfloor/contracts';
import { FeedbackMessage } from '../../../components/feedback-message.tsx';
import { useTimedFeedback } from '../../../hooks/use-timed-feedback.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useAddTag } from '../api/use-add-tag.ts';
import { useDeleteTag } from '../api/use-delete-tag.ts';
import { ruleMessage, tagIssue } from '../rule-messages.ts';

/** The server's message with its first letter capitalised (spec 02 §8). */
export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

export interface TagEditorProps {
  profile: Pick<UserProfile, 'id' | 'tags'>;
  type: TagType;
}

export function TagEditor({ profile, type }: TagEditorProps) {
  const { t } = useTranslation('profile');
  const [text, setText] = useState('');
  const { feedback, show, clear } = useTimedFeedback();
  const add = useAddTag(profile.id);
  const remove = useDeleteTag(profile.id);
  const ns = type === 'skill' ? 'skills' : 'interests';
  const tags = profile.tags.filter((tag) => tag.type === type);
  // An empty input is blocked without a message: there is nothing wrong to point at yet.
  const issue = text.trim() === '' ? undefined : tagIssue(type, text);
  const isDuplicate = tags.some((tag) => tag.tag_name.toLowerCase() === text.trim().toLowerCase());
  const canAdd = text.trim() !== '' && issue === undefined && !isDuplicate && !add.isPending;
  const failed = (error: unknown) =>
    show({ tone: 'error', text: capitalise(serverErrorText(t, parseAppError(error))) }, TIMINGS.TOAST_MS);

  const submit = () => {
    if (!canAdd) return;
    clear();
    const name = text.trim();
    add.mutate(
      { user_id: profile.id, tags: [{ tag_name: name, type }] },
      {
        onSuccess: () => {
          setText('');
          show({ tone: 'success', text: t(`${ns}.added`, { name }) }, TIMINGS.PROFILE_SUCCESS_MS);
        },
        onError: failed,
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t(`${ns}.description`)}</Text>
      {tags.length > 0 ? (
        <Group gap="xs" role="list" aria-label={t(`${ns}.listLabel`)}>
          {tags.map((tag) => (
            <Badge
              key={tag.tag_name}
              role="listitem"
              size="xl"
              radius="xl"
              variant="light"
              color="gray"
              tt="none"
              fw={500}
              // A long tag is cut with an ellipsis; its whole text is the title.
              title={tag.tag_name}
              maw="100%"
              c="var(--mantine-color-text)"
              rightSection={
                // Mantine's Pill hides its remove button from keyboards and screen readers: this one is a
                // named button in the tab order.
                <CloseButton
                  size="sm"
                  radius="xl"
                  aria-label={t(`${ns}.remove`, { name: tag.tag_name })}
                  disabled={remove.isPending}
                  onClick={() => {
                    clear();
                    remove.mutate(
                      { user_id: profile.id, tag_name: tag.tag_name, type },
                      {
                        onSuccess: () =>
                          show(
                            { tone: 'success', text: t(`${ns}.removed`, { name: tag.tag_name }) },
                            TIMINGS.PROFILE_SUCCESS_MS,
                          ),
                        onError: failed,
                      },
                    );
                  }}
                />
              }
            >
              {tag.tag_name}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="orange.9" fw={500} data-testid="tags-needed">
          {t(`${ns}.needed`)}
        </Text>
      )}
      <Stack gap="xs">
        <TextInput
          label={t(`${ns}.inputLabel`)}
          description={t('tags.enterHint')}
          value={text}
          maxLength={MAX_SKILL_LENGTH + 1}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={
            issue
              ? ruleMessage(t, issue)
              : isDuplicate && text.trim() !== ''
                ? t(`${ns}.duplicate`)
                : undefined
          }
        />
        <Button
          onClick={submit}
          disabled={!canAdd}
          loading={add.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('tags.add')}
        </Button>
      </Stack>
      <FeedbackMessage feedback={feedback} />
    </Stack>
  );
}
