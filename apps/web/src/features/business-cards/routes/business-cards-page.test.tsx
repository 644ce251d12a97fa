import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TIMINGS, type BusinessCard, type BusinessCardInfo } from '@showfloor/contracts';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { makeUser, prefs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc } from '../../../testing/trpc-mock.ts';
import { cardDetailSubPage, cardRequestSubPage } from './business-cards-page.tsx';
import BusinessCardsPage from './business-cards-page.tsx';

beforeEach(async () => {
  await startSession(makeUser());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSession();
});

function card(overrides: Partial<BusinessCard>): BusinessCard {
  return {
    card_id: 11,
    user_id: 2,
    firstname: 'Grace',
    lastname: 'Hopper',
    job_title: 'Rear Admiral',
    company: 'Navy Labs',
    phone_number: null,
    webpage: null,
    linkedin: null,
    email: 'grace@demo.test',
    personal_quote: null,
    skill: ['COBOL'],
    interest: [],
    notes: 'Met in the lobby',
    profile_picture_path: null,
    ...overrides,
  };
}

const grace = card({});
const linus = card({
  card_id: 12,
  user_id: 3,
  firstname: 'Linus',
  lastname: 'Torvalds',
  job_title: null,
  company: 'Kernel Org',
  email: null,
  skill: [],
  notes: null,
});

function setup(
  handlers: Record<string, (input: unknown) => unknown> = {},
  options: { state?: unknown; onRequested?: (info: BusinessCardInfo) => void } = {},
) {
  let held = [grace, linus];
  const gateway = mockTrpc({
    'businesscard.getUserCards': () => ({ cards: held }),
    'businesscard.deleteCard': (input) => {
      held = held.filter((c) => c.card_id !== (input as { id: number }).id);
      return { message: 'Business card deleted.' };
    },
    'businesscard.updateCard': () => ({ message: 'Business card updated.' }),
    'event.getPreferences': () => prefs({ show_company: 'yes', show_job_title: 'no' }),
    ...handlers,
  });
  const result = renderWithProviders(
    <BusinessCardsPage {...(options.onRequested ? { onRequested: options.onRequested } : {})} />,
    { route: { pathname: '/business-cards', state: options.state ?? null } },
  );
  return { gateway, ...result };
}

const detailOf = (cardId: number) => ({ subPage: cardDetailSubPage(cardId), subPageDepth: 0 });

describe('business cards page', () => {
  it('lists the cards and finds them by first, last or full name and company, else says so', async () => {
    const { user } = setup();
    const list = await screen.findByRole('list', { name: 'Your business cards' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => [...b.querySelectorAll('p')].map((line) => line.textContent)),
    ).toEqual([
      ['Grace Hopper', 'Rear Admiral · Navy Labs'],
      ['Linus Torvalds', 'Kernel Org'],
    ]);
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAttribute('maxLength', '2000');
    const found = async (text: string) => {
      await user.clear(search);
      await user.type(search, text);
      return screen.queryByRole('list', { name: 'Your business cards' })
        ? within(screen.getByRole('list', { name: 'Your business cards' }))
            .getAllByRole('button')
            .map((b) => b.querySelector('p')?.textContent)
        : [];
    };
    expect(await found('grace')).toEqual(['Grace Hopper']);
    expect(await found('TORVALDS')).toEqual(['Linus Torvalds']);
    expect(await found('Grace Hopper')).toEqual(['Grace Hopper']);
    expect(await found('kernel')).toEqual(['Linus Torvalds']);
    // Job titles are not searched.
    expect(await found('Admiral')).toEqual([]);
    expect(screen.getByText('No search results')).toBeInTheDocument();
    await user.clear(search);
    expect(
      within(screen.getByRole('list', { name: 'Your business cards' })).getAllByRole('button'),
    ).toHaveLength(2);
  });

  it('opens a card as a sub-page showing only what the card holds', async () => {
    const { user, location } = setup();
    await user.click(await screen.findByRole('button', { name: /Linus Torvalds/ }));
    expect(location().state).toMatchObject({ subPage: { name: 'detail', param: 12 } });
    expect(await screen.findByRole('heading', { name: 'Linus Torvalds' })).toBeInTheDocument();
    expect(screen.getByText('Kernel Org')).toBeInTheDocument();
    // Linus's card holds no e-mail, phone, job title or skills: none of them shows, not even as a label.
    expect(screen.queryByText('Email')).not.toBeInTheDocument();
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
    expect(screen.queryByText('Skills')).not.toBeInTheDocument();
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();
  });

  it("shows grace's fields on her card's detail", async () => {
    setup({}, { state: detailOf(11) });
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'grace@demo.test' })).toHaveAttribute(
      'href',
      'mailto:grace@demo.test',
    );
    expect(within(screen.getByRole('list', { name: 'Skills' })).getByText('COBOL')).toBeInTheDocument();
    expect(screen.getByText('Met in the lobby')).toBeInTheDocument();
  });

  it('saves notes with Done, keeps the previous note when emptied, and allows 2000 characters', async () => {
    const { user, gateway } = setup({}, { state: detailOf(11) });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(notes).toHaveAttribute('maxLength', '2000');
    expect(notes).toHaveValue('Met in the lobby');
    // Emptied: Done saves nothing and the previous note stays.
    await user.clear(notes);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText('Met in the lobby')).toBeInTheDocument();
    expect(gateway.inputsOf('businesscard.updateCard')).toEqual([]);
    // A new text is saved and shown.
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Notes' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Ask about COBOL');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Ask about COBOL')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(gateway.inputsOf('businesscard.updateCard')).toEqual([{ id: 11, notes: 'Ask about COBOL' }]);
  });

  it("shows a notes failure's server message for 10 s and stays editing", async () => {
    const { user } = setup(
      {
        'businesscard.updateCard': () =>
          fail({ message: 'Business card not found.', httpStatus: 404, code: 'NOT_FOUND' }),
      },
      { state: detailOf(11) },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), ' again');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Business card not found.');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.CARD_ERROR_MS - 200));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("deletes a card: the server's message, the list read again, and back to the list after 3.5 s", async () => {
    const { user, gateway, location } = setup({}, { state: detailOf(11) });
    await user.click(await screen.findByRole('button', { name: 'Delete card' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Business card deleted.')).toBeInTheDocument();
    expect(gateway.inputsOf('businesscard.deleteCard')).toEqual([{ id: 11 }]);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.CARD_DELETE_REDIRECT_MS - 200));
    expect(screen.getByText('Business card deleted.')).toBeInTheDocument();
    expect(location().state).toMatchObject({ subPage: { name: 'detail' } });
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByText('Business card deleted.')).not.toBeInTheDocument();
    expect(location().state).not.toHaveProperty('subPage');
    const list = await screen.findByRole('list', { name: 'Your business cards' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.querySelector('p')?.textContent),
    ).toEqual(['Linus Torvalds']);
    expect(gateway.inputsOf('businesscard.getUserCards').length).toBeGreaterThanOrEqual(2);
  });

  it("shows a delete failure's server message for 10 s and keeps the card", async () => {
    const { user, location } = setup(
      {
        'businesscard.deleteCard': () =>
          fail({ message: 'Business card not found.', httpStatus: 404, code: 'NOT_FOUND' }),
      },
      { state: detailOf(11) },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete card' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Business card not found.');
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.CARD_ERROR_MS - 200));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(location().state).toMatchObject({ subPage: { name: 'detail', param: 11 } });
  });

  it('opens the detail when the approval check says the card is allowed', async () => {
    const { location } = setup(
      { 'businesscard.getCardInfo': () => ({ approved: true, card_id: 11, user_id: 2 }) },
      { state: { subPage: cardRequestSubPage(2), subPageDepth: 0 } },
    );
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    await waitFor(() => expect(location().state).toMatchObject({ subPage: { name: 'detail', param: 11 } }));
  });

  it("shows the request page for a card not asked for yet, sends the request and says 'Request Sent'", async () => {
    const onRequested = vi.fn();
    const pending: BusinessCardInfo = { approved: null, card_id: 21, user_id: 3 };
    const { user, gateway } = setup(
      {
        'businesscard.getCardInfo': () => ({ approved: null, card_id: null, user_id: 3 }),
        'businesscard.requestCard': () => pending,
        'user.getSummaries': () => ({
          users: [
            {
              id: 3,
              firstname: 'Linus',
              lastname: 'Torvalds',
              company: 'Kernel Org',
              job_title: 'Maintainer',
              profile_picture: null,
            },
          ],
        }),
      },
      { state: { subPage: cardRequestSubPage(3), subPageDepth: 0 }, onRequested },
    );
    expect(await screen.findByRole('heading', { name: 'Linus Torvalds' })).toBeInTheDocument();
    // The event shows the company, not the job title.
    expect(screen.getByText('Kernel Org')).toBeInTheDocument();
    expect(screen.queryByText('Maintainer')).not.toBeInTheDocument();
    expect(gateway.inputsOf('businesscard.getCardInfo')).toEqual([{ ofId: 3, toId: 7 }]);
    await user.click(screen.getByRole('button', { name: 'Request business card' }));
    expect(await screen.findByRole('button', { name: 'Request Sent' })).toBeDisabled();
    expect(gateway.inputsOf('businesscard.requestCard')).toEqual([{ user_id: 3, requester_id: 7 }]);
    expect(onRequested).toHaveBeenCalledExactlyOnceWith(pending);
  });

  it("says 'Request Sent' for a request still waiting and offers a denied one again", async () => {
    let info: BusinessCardInfo = { approved: null, card_id: 21, user_id: 3 };
    const handlers = {
      'businesscard.getCardInfo': () => info,
      'user.getSummaries': () => ({
        users: [
          {
            id: 3,
            firstname: 'Linus',
            lastname: 'Torvalds',
            company: null,
            job_title: null,
            profile_picture: null,
          },
        ],
      }),
    };
    setup(handlers, { state: { subPage: cardRequestSubPage(3), subPageDepth: 0 } });
    expect(await screen.findByRole('button', { name: 'Request Sent' })).toBeDisabled();
    info = { approved: false, card_id: 21, user_id: 3 };
    vi.unstubAllGlobals();
    setup(handlers, { state: { subPage: cardRequestSubPage(3), subPageDepth: 0 } });
    expect(await screen.findByText('Your last request was denied. You may ask again.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Request business card' }).at(-1)).toBeEnabled();
  });
});
