import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeUser, prefs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { LogoutDialog } from './logout-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

function setup(preferences: Record<string, string>) {
  const gateway = mockTrpc({ 'event.createPreference': (input) => ({ id: 1, ...(input as object) }) });
  const signOut = vi.fn(async () => undefined);
  const onCancel = vi.fn();
  const openSurvey = vi.fn();
  const view = renderWithProviders(
    <LogoutDialog
      opened
      user={makeUser({ id: 7, event_code: 'DEMO' })}
      preferences={prefs(preferences)}
      onCancel={onCancel}
      signOut={signOut}
      openSurvey={openSurvey}
    />,
  );
  return { ...view, gateway, signOut, onCancel, openSurvey };
}

describe('logout confirmation', () => {
  it('asks to confirm and signs out on confirm', async () => {
    const { user, signOut } = setup({ exit_survey: 'no' });
    expect(screen.getByText('Do you really want to log out?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'No' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('starts on Cancel, so one Enter does not sign out', async () => {
    const { user, signOut, onCancel } = setup({
      exit_survey: 'yes',
      exit_survey_url: 'https://survey.example/x',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('is not closed by Escape; cancel closes it without signing out', async () => {
    const { user, signOut, onCancel } = setup({});
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(signOut).not.toHaveBeenCalled();
  });

  it("offers the exit survey; rejecting it posts exit_survey 'no' and then signs out", async () => {
    const { user, gateway, signOut, openSurvey } = setup({
      exit_survey: 'yes',
      exit_survey_url: 'https://survey.example/s',
    });
    expect(screen.getByText(/short survey/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No' }));
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledOnce());
    expect(gateway.inputsOf('event.createPreference')).toEqual([
      { name: 'exit_survey', value: 'no', category: 'exit_survey', user_id: 7, event_code: 'DEMO' },
    ]);
    expect(openSurvey).not.toHaveBeenCalled();
  });

  it('opens the survey when accepted, then signs out', async () => {
    const { user, signOut, openSurvey, gateway } = setup({
      exit_survey: 'auto',
      exit_survey_url: 'https://survey.example/s',
    });
    await user.click(screen.getByRole('button', { name: 'Yes, open the survey' }));
    expect(openSurvey).toHaveBeenCalledWith('https://survey.example/s');
    expect(signOut).toHaveBeenCalledOnce();
    expect(gateway.inputsOf('event.createPreference')).toEqual([]);
  });
});
