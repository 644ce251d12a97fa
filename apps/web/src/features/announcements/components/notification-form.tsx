// The event notification form (spec 02 §2.8, §4.6, §5): title and body required, the body at most 500 characters
// with its 'n/500' counter (red at 500), the audience — a room ('All Rooms' is every room) or people signed in
// now —, the type and how long it shows. Reset empties it (5 s, Information). With `candidate` it is the
// recruiting dashboard's copy: the one candidate is the recipient, and the type and duration must be chosen.
import { Button, Group, MultiSelect, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALL_ROOMS_ID, MAX_NOTIFICATION_BODY_LENGTH } from '@showfloor/contracts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { useEventRooms, useLoggedUsers } from '../api/use-audience.ts';
import {
  DURATION_CHOICES,
  TYPE_CHOICES,
  bodyCounter,
  missingPart,
  type AudienceKind,
  type DurationChoice,
  type NotificationDraft,
} from '../rules.ts';

/** Longest title the contracts accept. */
const MAX_TITLE_LENGTH = 200;

export interface Candidate {
  id: number;
  name: string;
}

export interface NotificationFormProps {
  draft: NotificationDraft;
  onChange: (draft: NotificationDraft) => void;
  onSubmit: () => void;
  onReset: () => void;
  isSending: boolean;
  candidate?: Candidate | undefined;
}

function AudienceFields({
  draft,
  onChange,
}: {
  draft: NotificationDraft;
  onChange: (draft: NotificationDraft) => void;
}) {
  const { t } = useTranslation('announcements');
  const user = useCurrentUser();
  const eventCode = user?.event_code ?? '';
  const rooms = useEventRooms(eventCode);
  const people = useLoggedUsers(eventCode, { enabled: draft.audience === 'people' });
  const roomOptions = [
    { value: String(ALL_ROOMS_ID), label: t('form.allRooms') },
    ...rooms.rooms.map((room) => ({ value: String(room.id), label: room.name })),
  ];
  const peopleOptions = (people.data?.users ?? [])
    .filter((person) => person.id !== user?.id)
    .map((person) => ({
      value: String(person.id),
      label: `${person.firstname} ${person.lastname}`.trim() || String(person.id),
    }));
  return (
    <>
      <Radio.Group
        label={t('form.audienceKind')}
        value={draft.audience}
        onChange={(value) => onChange({ ...draft, audience: value as AudienceKind })}
      >
        <Group gap="lg" mt={6}>
          <Radio value="room" label={t('form.toRoom')} />
          <Radio value="people" label={t('form.toPeople')} />
        </Group>
      </Radio.Group>
      {draft.audience === 'room' ? (
        <Select
          label={t('form.room')}
          placeholder={t('form.roomPlaceholder')}
          data={roomOptions}
          value={draft.roomId}
          onChange={(value) => onChange({ ...draft, roomId: value })}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <MultiSelect
          label={t('form.recipients')}
          placeholder={draft.userIds.length === 0 ? t('form.recipientsPlaceholder') : undefined}
          data={peopleOptions}
          value={draft.userIds}
          onChange={(userIds) => onChange({ ...draft, userIds })}
          searchable
          nothingFoundMessage={people.isPending ? t('form.loadingPeople') : t('form.nobody')}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </>
  );
}

export function NotificationForm({
  draft,
  onChange,
  onSubmit,
  onReset,
  isSending,
  candidate,
}: NotificationFormProps) {
  const { t } = useTranslation('announcements');
  const counter = bodyCounter(draft.message);
  const missing = missingPart(draft, candidate?.id);
  return (
    <form
      noValidate
      aria-label={t('form.label')}
      onSubmit={(event) => {
        event.preventDefault();
        if (missing === undefined && !isSending) onSubmit();
      }}
    >
      <Stack gap="sm">
        {candidate ? (
          <Text>
            {t('form.recipient')}{' '}
            <Text span fw={700}>
              {candidate.name}
            </Text>
          </Text>
        ) : null}
        <TextInput
          label={t('form.title')}
          value={draft.title}
          onChange={(event) => onChange({ ...draft, title: event.currentTarget.value })}
          maxLength={MAX_TITLE_LENGTH}
          required
        />
        <Textarea
          label={t('form.message')}
          value={draft.message}
          onChange={(event) => onChange({ ...draft, message: event.currentTarget.value })}
          maxLength={MAX_NOTIFICATION_BODY_LENGTH}
          autosize
          minRows={4}
          maxRows={10}
          required
          // The counter sits under the field and describes it: 'n/500', red at the limit.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={counter.text}
          styles={{
            description: {
              textAlign: 'right',
              marginTop: 4,
              fontSize: 'var(--mantine-font-size-sm)',
              color: counter.isAtLimit ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-gray-7)',
              fontWeight: counter.isAtLimit ? 700 : undefined,
            },
          }}
          descriptionProps={{ 'data-testid': 'notification-counter', 'data-at-limit': counter.isAtLimit }}
        />
        {candidate ? null : <AudienceFields draft={draft} onChange={onChange} />}
        <Select
          label={t('form.type')}
          placeholder={t('form.choose')}
          data={TYPE_CHOICES.map((type) => ({ value: String(type), label: t(`typeNames.${type}`) }))}
          value={draft.type}
          onChange={(value) => onChange({ ...draft, type: value as NotificationDraft['type'] })}
          allowDeselect={false}
          withAsterisk={candidate !== undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('form.duration')}
          placeholder={t('form.choose')}
          data={DURATION_CHOICES.map((choice) => ({
            value: choice,
            label:
              choice === 'closed' ? t('durations.closed') : t('durations.seconds', { count: Number(choice) }),
          }))}
          value={draft.duration}
          onChange={(value) => onChange({ ...draft, duration: value as DurationChoice | null })}
          allowDeselect={false}
          withAsterisk={candidate !== undefined}
          comboboxProps={{ withinPortal: true }}
        />
        {missing ? (
          <Text size="sm" c="gray.7" aria-live="polite">
            {t(`missing.${missing}`)}
          </Text>
        ) : null}
        <Group justify="space-between" mt="xs">
          <Button variant="default" onClick={onReset} disabled={isSending}>
            {t('form.reset')}
          </Button>
          <Button type="submit" disabled={missing !== undefined} loading={isSending}>
            {t('form.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
