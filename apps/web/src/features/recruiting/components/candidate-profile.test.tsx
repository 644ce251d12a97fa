import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import type { RecruitingUserData } from '@showfloor/contracts';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc } from '../../../testing/trpc-mock.ts';
import { CandidateProfile } from './candidate-profile.tsx';

function adaData(overrides: Partial<RecruitingUserData> = {}): RecruitingUserData {
  return {
    firstname: 'Ada',
    lastname: 'Lovelace',
    job_title: 'Programmer',
    company: 'Analytical Engines',
    personal_quote: 'That brain of mine is something more than merely mortal.',
    phone_number: '+44 20 7946 0001',
    email: 'ada@demo.test',
    webpage: 'https://ada.demo.test',
    linkedin: 'linkedin.com/in/ada-lovelace',
    notes: null,
    skills: ['Mathematics'],
    interests: ['Engines'],
    badges: [
      { id: 1, title: 'Explorer', description: 'Visit three rooms', badge_complete: true, coin_value: 20 },
      { id: 2, title: 'Networker', description: 'Exchange a card', badge_complete: false, coin_value: 20 },
    ],
    last_login: Date.UTC(2026, 4, 4, 8, 30),
    user_status: 'available',
    recruiting_status_id: 2,
    recruiting_statuses: [
      { id: 1, name: 'New' },
      { id: 2, name: 'Contacted' },
      { id: 3, name: 'Interview' },
    ],
    ...overrides,
  };
}

beforeEach(async () => {
  await startSession(
    makeUser({ id: 4, username: 'erin@demo.test', roles: [{ role: 'event-admin', mode: 'Recruiting' }] }),
  );
});

afterEach(async () => {
  clearSession();
  await testI18n.changeLanguage('en');
});

describe('candidate page', () => {
  it('shows the profile, last login, current status, recruiting status and achievements', async () => {
    mockTrpc({ 'user.getRecruitingUserData': () => adaData() });
    renderWithProviders(<CandidateProfile candidateId={1} eventCode="DEMO" />);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Programmer · Analytical Engines')).toBeInTheDocument();
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 badges complete')).toBeInTheDocument();
    expect(screen.getByText(/May 4, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Recruiting status' })).toHaveValue('Contacted');
  });

  it('patches the recruiting status it picks and shows the message for 3 s', async () => {
    const gateway = mockTrpc({
      'user.getRecruitingUserData': () => adaData(),
      'user.setRecruitingStatus': () => ({ message: 'Recruiting status set to Interview.' }),
    });
    const { user } = renderWithProviders(<CandidateProfile candidateId={1} eventCode="DEMO" />);
    await user.click(await screen.findByRole('combobox', { name: 'Recruiting status' }));
    const timers = vi.spyOn(window, 'setTimeout');
    await user.click(await screen.findByRole('option', { name: 'Interview' }));
    const message = await screen.findByText('Recruiting status set to Interview.');
    // Its clock is the spec's 3 s (spec 02 §4.10, §9).
    expect(timers).toHaveBeenCalledWith(expect.any(Function), 3000);
    timers.mockRestore();
    expect(gateway.inputsOf('user.setRecruitingStatus')).toEqual([
      { user_id: 1, status_id: 3, event_code: 'DEMO' },
    ]);
    // The query cache's update reaches the picker on TanStack's next tick, the message on React's own.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Recruiting status' })).toHaveValue('Interview'),
    );
    // It goes by its own 3 s clock (checked above), not by anything the test does.
    await waitFor(() => expect(message).not.toBeInTheDocument(), { timeout: 10_000 });
  }, 30_000);

  it("shows the server's message in red for 3 s when the patch fails, and keeps the stored status", async () => {
    mockTrpc({
      'user.getRecruitingUserData': () => adaData(),
      'user.setRecruitingStatus': () => fail({ message: 'Recruiting status not found.', httpStatus: 404 }),
    });
    const { user } = renderWithProviders(<CandidateProfile candidateId={1} eventCode="DEMO" />);
    await user.click(await screen.findByRole('combobox', { name: 'Recruiting status' }));
    await user.click(await screen.findByRole('option', { name: 'New' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Recruiting status not found.');
    expect(alert).toHaveAttribute('data-tone', 'error');
    expect(screen.getByRole('combobox', { name: 'Recruiting status' })).toHaveValue('Contacted');
    await waitForElementToBeRemoved(alert, { timeout: 5000 });
  }, 15_000);

  it('saves the notes, at most 2000 characters', async () => {
    const gateway = mockTrpc({
      'user.getRecruitingUserData': () => adaData({ notes: 'Strong in maths' }),
      'user.updateRecruitingNotes': (input) => ({ notes: (input as { notes: string }).notes }),
    });
    const { user } = renderWithProviders(<CandidateProfile candidateId={1} eventCode="DEMO" />);
    const notes = await screen.findByRole('textbox', { name: 'Your notes' });
    expect(notes).toHaveValue('Strong in maths');
    expect(notes).toHaveAttribute('maxlength', '2000');
    await user.type(notes, ', invite');
    await user.click(screen.getByRole('button', { name: 'Save notes' }));
    expect(await screen.findByText('Notes saved.')).toBeInTheDocument();
    expect(gateway.inputsOf('user.updateRecruitingNotes')).toEqual([
      { id: 1, notes: 'Strong in maths, invite' },
    ]);
  });

  it('speaks Deutsch', async () => {
    await testI18n.changeLanguage('de');
    mockTrpc({ 'user.getRecruitingUserData': () => adaData() });
    renderWithProviders(<CandidateProfile candidateId={1} eventCode="DEMO" />);
    expect(await screen.findByText('1 von 2 Abzeichen erreicht')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Recruiting-Status' })).toBeInTheDocument();
    expect(screen.getByText('Verfügbar')).toBeInTheDocument();
  });
});
