// Log-out confirmation with the exit survey (spec 02 §4.7): confirm, optional reject ('no' in survey mode),
// cancel; Escape does not close it. Rejecting the survey posts preference exit_survey 'no', then signs out.
import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { findPreference, isFlagOn, type CurrentUser, type Preference } from '@showfloor/contracts';
import { useCreatePreference } from '../api/use-create-preference.ts';

export interface LogoutDialogProps {
  opened: boolean;
  user: CurrentUser;
  preferences: readonly Preference[];
  onCancel: () => void;
  /** Performs the sign-out (announce offline, clear, go to login, reload). */
  signOut: () => Promise<void>;
  /** Opens the survey in a new window. */
  openSurvey?: (url: string) => void;
}

export function surveyUrlOf(preferences: readonly Preference[]): string | undefined {
  const enabled = isFlagOn(findPreference(preferences, 'exit_survey'));
  const url = findPreference(preferences, 'exit_survey_url');
  return enabled && url ? url : undefined;
}

export function LogoutDialog({
  opened,
  user,
  preferences,
  onCancel,
  signOut,
  openSurvey = (url) => window.open(url, '_blank', 'noopener,noreferrer'),
}: LogoutDialogProps) {
  const { t } = useTranslation('shell');
  const surveyUrl = surveyUrlOf(preferences);
  const postPreference = useCreatePreference();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    if (surveyUrl) openSurvey(surveyUrl);
    await signOut();
  }

  async function reject() {
    setBusy(true);
    try {
      await postPreference.mutateAsync({
        name: 'exit_survey',
        value: 'no',
        category: 'exit_survey',
        user_id: user.id,
        event_code: user.event_code,
      });
    } catch (error) {
      // Spec 02 §8: preference save errors are logged only; the sign-out goes on.
      console.error('exit survey answer not saved', error);
    }
    await signOut();
  }

  return (
    <Modal.Root opened={opened} onClose={onCancel} closeOnEscape={false} closeOnClickOutside={false} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A div: a <header> here would be a second banner landmark beside the app's. */}
        <Modal.Header component="div">
          <Modal.Title fw={700}>{t('logout.title')}</Modal.Title>
          <Modal.CloseButton aria-label={t('common:actions.close')} />
        </Modal.Header>
        <Modal.Body>
          <Text>{surveyUrl ? t('logout.surveyQuestion') : t('logout.question')}</Text>
          <Group justify="flex-end" mt="md">
            {/* Cancel takes the focus: one Enter must not sign the visitor out. */}
            <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
              {t('logout.cancel')}
            </Button>
            {surveyUrl ? (
              <Button variant="outline" onClick={() => void reject()} disabled={busy}>
                {t('logout.no')}
              </Button>
            ) : null}
            <Button onClick={() => void confirm()} loading={busy}>
              {surveyUrl ? t('logout.toSurvey') : t('logout.confirm')}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
