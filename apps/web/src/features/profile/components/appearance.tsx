// Appearance (spec 02 §2.10, §4.8, §7, §8): the profile picture block (upload, remove; the take-a-photo option
// stays hidden) and, when the event offers its avatars (use_event_avatars 'yes'), the list of avatar designs
// (99 px thumbnail and name) with Save, which stores the choice as the user's preference. A picture is checked
// for its type and size before it is sent; the server's message shows when it refuses one. Avatar list and
// preference failures are only logged.
import { useRef, useState } from 'react';
import { Button, FileButton, Group, Image, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  MAX_PROFILE_PICTURE_BYTES,
  PROFILE_PICTURE_TYPES,
  SIZES,
  TIMINGS,
  findPreference,
  type Preference,
  type UserProfile,
} from '@showfloor/contracts';
import { FeedbackMessage } from '../../../components/feedback-message.tsx';
import { useTimedFeedback } from '../../../hooks/use-timed-feedback.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useAvatars } from '../api/use-avatars.ts';
import { PictureUploadError, useDeletePicture, useUploadPicture } from '../api/use-picture.ts';
import { useSaveAvatar } from '../api/use-save-avatar.ts';
import { ProfilePicture } from './profile-picture.tsx';

const MIB = 1024 * 1024;

/** Why a chosen file cannot be a profile picture, or undefined when it may be sent. */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | undefined {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_PROFILE_PICTURE_BYTES) return 'size';
  return undefined;
}

function PictureBlock({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('profile');
  const upload = useUploadPicture(profile.id, profile.profile_picture !== null);
  const remove = useDeletePicture(profile.id);
  const { feedback, show, clear } = useTimedFeedback();
  const resetRef = useRef<() => void>(null);
  const isBusy = upload.isPending || remove.isPending;

  const choose = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    clear();
    const problem = pictureProblem(file);
    if (problem === 'type') return show({ tone: 'error', text: t('appearance.picture.wrongType') });
    if (problem === 'size') {
      return show({
        tone: 'error',
        text: t('appearance.picture.tooLarge', { max: MAX_PROFILE_PICTURE_BYTES / MIB }),
      });
    }
    upload.mutate(file, {
      onSuccess: () =>
        show({ tone: 'success', text: t('appearance.picture.uploaded') }, TIMINGS.PROFILE_SUCCESS_MS),
      onError: (error) =>
        show({
          tone: 'error',
          text:
            error instanceof PictureUploadError
              ? serverErrorText(t, { message: error.message, fromServer: error.fromServer })
              : t('common:errors.submissionFailed'),
        }),
    });
  };

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('appearance.picture.title')}
      </Title>
      <Group gap="md" wrap="nowrap" align="center">
        <ProfilePicture
          firstname={profile.firstname}
          lastname={profile.lastname}
          picture={profile.profile_picture}
        />
        <Stack gap="xs">
          <Group gap="xs">
            <FileButton resetRef={resetRef} onChange={choose} accept={PROFILE_PICTURE_TYPES.join(',')}>
              {(props) => (
                <Button {...props} loading={upload.isPending} disabled={isBusy}>
                  {profile.profile_picture ? t('appearance.picture.replace') : t('appearance.picture.upload')}
                </Button>
              )}
            </FileButton>
            {profile.profile_picture ? (
              <Button
                variant="default"
                loading={remove.isPending}
                disabled={isBusy}
                onClick={() => {
                  clear();
                  remove.mutate(
                    { user_id: profile.id },
                    {
                      onSuccess: () =>
                        show(
                          { tone: 'success', text: t('appearance.picture.removed') },
                          TIMINGS.PROFILE_SUCCESS_MS,
                        ),
                      onError: (error) =>
                        show({ tone: 'error', text: serverErrorText(t, parseAppError(error)) }),
                    },
                  );
                }}
              >
                {t('appearance.picture.remove')}
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t('appearance.picture.rules', { max: MAX_PROFILE_PICTURE_BYTES / MIB })}
          </Text>
        </Stack>
      </Group>
      <FeedbackMessage feedback={feedback} />
    </Stack>
  );
}

function AvatarList({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('profile');
  const avatars = useAvatars(profile.event_code, true);
  const saveAvatar = useSaveAvatar(profile.id, profile.event_code);
  const list = avatars.data?.avatars ?? [];
  const stored = profile.avatar_id ?? list.find((avatar) => avatar.default)?.id;
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const current = chosen ?? stored;
  const { feedback, show } = useTimedFeedback();
  // Failures are only logged (spec 02 §8): an event without avatars shows nothing here.
  if (list.length === 0) return null;
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('appearance.avatars.title')}
        labelProps={{ fz: 'md', fw: 700 }}
        description={t('appearance.avatars.description')}
        value={current === undefined ? null : String(current)}
        onChange={(value) => setChosen(Number(value))}
      >
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" mt="sm">
          {list.map((avatar) => (
            <Radio.Card key={avatar.id} value={String(avatar.id)} radius="md" p="xs" data-avatar={avatar.id}>
              <Stack gap={6} align="center">
                <Image
                  src={avatar.thumbnail}
                  alt=""
                  w={SIZES.AVATAR_THUMBNAIL}
                  h={SIZES.AVATAR_THUMBNAIL}
                  radius="sm"
                />
                <Group gap={6} wrap="nowrap">
                  <Radio.Indicator size="xs" />
                  <Text size="sm" fw={500}>
                    {avatar.name}
                  </Text>
                </Group>
              </Stack>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Button
        style={{ alignSelf: 'flex-start' }}
        disabled={current === undefined || current === stored}
        loading={saveAvatar.isPending}
        onClick={() => {
          if (current === undefined) return;
          saveAvatar
            .save(current)
            .then(() => {
              setChosen(undefined);
              show({ tone: 'success', text: t('appearance.avatars.saved') }, TIMINGS.PROFILE_SUCCESS_MS);
            })
            // Logged by the mutation; nothing is shown (spec 02 §8).
            .catch(() => undefined);
        }}
      >
        {t('appearance.avatars.save')}
      </Button>
      <FeedbackMessage feedback={feedback} />
    </Stack>
  );
}

export function Appearance({
  profile,
  preferences,
}: {
  profile: UserProfile;
  preferences: readonly Preference[];
}) {
  const offersAvatars = findPreference(preferences, 'use_event_avatars') === 'yes';
  return (
    <Stack gap="xl">
      <PictureBlock profile={profile} />
      {offersAvatars ? <AvatarList profile={profile} /> : null}
    </Stack>
  );
}
