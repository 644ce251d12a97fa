import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { PROFILE_ERROR_TEXTS, TIMINGS } from '@showfloor/contracts';
import { clearSession, getCurrentUser, startSession } from '../../../lib/session/session.ts';
import { makeProfile, makeUser } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc } from '../../../testing/trpc-mock.ts';
import { ProfileInformation } from './profile-information.tsx';

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSession();
  await act(() => testI18n.changeLanguage('en'));
});

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** Every field rule of spec 02 §5 with a value that breaks it and the message the page shows. */
const RULES: Array<[label: string, value: string, message: string]> = [
  ['Name', '', PROFILE_ERROR_TEXTS.NAME_INVALID],
  ['Name', 'A'.repeat(101), PROFILE_ERROR_TEXTS.NAME_INVALID],
  ['Name', 'Ada_L', PROFILE_ERROR_TEXTS.NAME_FORBIDDEN],
  ['Last Name', '', PROFILE_ERROR_TEXTS.LASTNAME_INVALID],
  ['Last Name', 'Love&lace', PROFILE_ERROR_TEXTS.LASTNAME_FORBIDDEN],
  ['Job Title', 'Boss!', PROFILE_ERROR_TEXTS.JOB_TITLE_FORBIDDEN],
  ['Job Title', 'J'.repeat(101), 'Job title must be at most 100 characters'],
  ['Company', 'Engines <Ltd>', PROFILE_ERROR_TEXTS.COMPANY_FORBIDDEN],
  ['Phone', '+44 (20) 7946', PROFILE_ERROR_TEXTS.PHONE_FORBIDDEN],
  ['Email', '', PROFILE_ERROR_TEXTS.EMAIL_INVALID],
  ['Email', 'ada@', PROFILE_ERROR_TEXTS.EMAIL_INVALID],
  ['Email', "o'brien@demo.test", PROFILE_ERROR_TEXTS.EMAIL_FORBIDDEN],
  ['Webpage', 'not a page', PROFILE_ERROR_TEXTS.WEBPAGE_INVALID],
  ['Webpage', 'ada.demo.toolongsuffix', PROFILE_ERROR_TEXTS.WEBPAGE_INVALID],
  ['Linkedin', 'linkedin.com/in/ada?x=1', PROFILE_ERROR_TEXTS.LINKEDIN_FORBIDDEN],
];

describe('profile information', () => {
  it.each(RULES)(
    'shows the rule of %s for %j and disables Save while it shows',
    async (label, value, message) => {
      mockTrpc({});
      const { user } = renderWithProviders(<ProfileInformation profile={makeProfile()} />);
      const input = field(label);
      await user.clear(input);
      if (value) await user.paste(value);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    },
  );

  it('accepts the allowed characters of each field and clears optional ones', async () => {
    mockTrpc({});
    const { user } = renderWithProviders(<ProfileInformation profile={makeProfile()} />);
    const values: Record<string, string> = {
      Name: 'Ada-Marie Jr.',
      'Last Name': 'Lovelace 2',
      'Job Title': 'R&D Lead',
      Company: 'Engines & Co.',
      Phone: '+44-20 7946.0001 ext',
      Email: 'ada_l@demo.test',
      Webpage: 'https://ada.demo.museum/path',
      Linkedin: 'https://linkedin.com/in/ada-l',
    };
    for (const [label, value] of Object.entries(values)) {
      await user.clear(field(label));
      await user.paste(value);
    }
    await user.clear(field('Company'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('keeps Save disabled until something changed', async () => {
    mockTrpc({});
    const { user } = renderWithProviders(<ProfileInformation profile={makeProfile()} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(field('Job Title'), 's');
    expect(save).toBeEnabled();
  });

  it('saves the trimmed fields, takes the stored profile and shows the success for 3.5 s', async () => {
    await startSession(makeUser());
    const stored = makeProfile({ job_title: 'Analyst', company: null });
    const gateway = mockTrpc({ 'user.updateUser': () => ({ message: 'Profile updated.', user: stored }) });
    const { user } = renderWithProviders(<ProfileInformation profile={makeProfile()} />);
    await user.clear(field('Job Title'));
    await user.type(field('Job Title'), '  Analyst ');
    await user.clear(field('Company'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile information was saved.')).toBeInTheDocument();
    expect(gateway.inputsOf('user.updateUser')).toEqual([
      expect.objectContaining({
        id: 7,
        job_title: 'Analyst',
        company: '',
        firstname: 'Ada',
        email: 'ada@demo.test',
      }),
    ]);
    // The stored profile replaces the signed-in user's copy.
    expect(getCurrentUser()).toMatchObject({ job_title: 'Analyst', company: null });
    expect(field('Company')).toHaveValue('');
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.PROFILE_SUCCESS_MS - 100));
    expect(screen.getByText('Your profile information was saved.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Your profile information was saved.')).not.toBeInTheDocument();
  });

  it("shows the server's message in red under the form and keeps what was typed", async () => {
    mockTrpc({
      'user.updateUser': () => fail({ message: 'This e-mail address is used by another user of the event.' }),
    });
    const { user } = renderWithProviders(<ProfileInformation profile={makeProfile()} />);
    await user.clear(field('Email'));
    await user.type(field('Email'), 'grace@demo.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This e-mail address is used by another user of the event.',
    );
    expect(field('Email')).toHaveValue('grace@demo.test');
  });

  it('shows the rules in German', async () => {
    await act(() => testI18n.changeLanguage('de'));
    mockTrpc({});
    const { user } = renderWithProviders(<ProfileInformation profile={makeProfile()} />);
    await user.type(field('Vorname'), '!');
    expect(await screen.findByText('Der Vorname enthält unzulässige Zeichen')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled());
  });
});
