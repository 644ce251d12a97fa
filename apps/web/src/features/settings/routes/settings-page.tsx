// The settings page (spec 02 §2.3, §3 "Settings state", §6): language, background music, newsfeed, mini-map
// and third-person view, each shown only when the event allows it and kept under its storage key.
import { Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, STORAGE_KEYS, findPreference, isFlagOn, type Preference } from '@showfloor/contracts';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import { changeLanguage, isLanguage } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { useStoredFlag } from '../../../lib/shell/stored-flags.ts';

/** Which toggles the event allows (spec 02 §6). */
export function allowedSettings(preferences: readonly Preference[]) {
  return {
    backgroundMusic: findPreference(preferences, 'background_music') === 'yes',
    newsfeed: findPreference(preferences, 'room_chat') === 'yes',
    miniMap: isFlagOn(findPreference(preferences, 'mini_map')),
    thirdPersonView: findPreference(preferences, 'hide_camera_toggle') === 'no',
  };
}

export default function SettingsPage() {
  const { t, i18n } = useTranslation('settings');
  const user = useCurrentUser();
  const { preferences } = useEventPreferences(user?.event_code);
  const allowed = allowedSettings(preferences);
  // The mini-map starts as mini_map_at_start says unless a stored value exists (spec 02 §4.11).
  const miniMapAtStart = isFlagOn(findPreference(preferences, 'mini_map_at_start'));
  const [music, setMusic] = useStoredFlag(STORAGE_KEYS.BACKGROUND_MUSIC, true);
  const [newsfeed, setNewsfeed] = useStoredFlag(STORAGE_KEYS.ROOM_CHAT_FEED, false);
  const [miniMap, setMiniMap] = useStoredFlag(STORAGE_KEYS.MINI_MAP, miniMapAtStart);
  const [thirdPerson, setThirdPerson] = useStoredFlag(STORAGE_KEYS.THIRD_PERSON_VIEW, false);
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  return (
    <Stack maw={560}>
      {/* The two sections' names look alike: the language group's label and the toggles' heading. */}
      <Radio.Group
        label={t('language.label')}
        labelProps={{ fz: 'md', fw: 700 }}
        value={language}
        onChange={(value) => {
          if (isLanguage(value)) void changeLanguage(i18n, value);
        }}
      >
        <Stack gap="xs" mt="xs">
          {LANGUAGES.map((lng) => (
            <Radio key={lng} value={lng} label={t(`language.${lng}`)} lang={lng} />
          ))}
        </Stack>
      </Radio.Group>
      <Stack gap="sm">
        <Title order={3} fz="md" fw={700}>
          {t('toggles.title')}
        </Title>
        {allowed.backgroundMusic ? (
          <Switch
            label={t('toggles.backgroundMusic')}
            checked={music}
            onChange={(e) => setMusic(e.currentTarget.checked)}
          />
        ) : null}
        {allowed.newsfeed ? (
          <Switch
            label={t('toggles.newsfeed')}
            checked={newsfeed}
            onChange={(e) => setNewsfeed(e.currentTarget.checked)}
          />
        ) : null}
        {allowed.miniMap ? (
          <Switch
            label={t('toggles.miniMap')}
            checked={miniMap}
            onChange={(e) => setMiniMap(e.currentTarget.checked)}
          />
        ) : null}
        {allowed.thirdPersonView ? (
          <Switch
            label={t('toggles.thirdPersonView')}
            checked={thirdPerson}
            onChange={(e) => setThirdPerson(e.currentTarget.checked)}
          />
        ) : null}
        {!allowed.backgroundMusic && !allowed.newsfeed && !allowed.miniMap && !allowed.thirdPersonView ? (
          <Text>{t('toggles.none')}</Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
