import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { formatOpenTime, timeZoneAbbreviation } from '../format-window.ts';
import EventInfoPage from './event-info-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function setup(route: string, windows: Array<{ from_timestamp: number; to_timestamp: number }>) {
  const gateway = mockTrpc({ 'event.getOpenHours': () => ({ event_open_hours: windows }) });
  const view = renderWithProviders(<EventInfoPage />, {
    route,
    path: '/info',
    routes: { '/': <p>home</p>, '/auth/login': <p>login page</p> },
  });
  return { ...view, gateway };
}

describe('event information page', () => {
  it('shows the closed texts and every window of a closed event', async () => {
    const day = 86_400_000;
    const windows = [
      { from_timestamp: Date.UTC(2030, 5, 3, 8, 0), to_timestamp: Date.UTC(2030, 5, 3, 16, 30) },
      { from_timestamp: Date.UTC(2030, 5, 3, 8, 0) + day, to_timestamp: Date.UTC(2030, 5, 3, 16, 30) + day },
    ];
    const { gateway } = setup('/info?event=CLOSED', windows);
    expect(await screen.findByRole('heading', { name: 'Information' })).toBeInTheDocument();
    expect(
      screen.getByText('The event is currently closed. We look forward to seeing you soon.'),
    ).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(
      `Event will be open from ${formatOpenTime(windows[0]!.from_timestamp, 'en')} to ${formatOpenTime(windows[0]!.to_timestamp, 'en')}`,
    );
    expect(gateway.inputsOf('event.getOpenHours')).toEqual([{ id: 'CLOSED' }]);
  });

  it('goes home without an event code', () => {
    const { location } = setup('/info', []);
    expect(location().pathname).toBe('/');
  });

  it('goes to the login page when the event is open now or has no hours', async () => {
    const { location } = setup('/info?event=DEMO', []);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(location().search).toBe('?event=DEMO');
    const now = Date.now();
    const second = setup('/info?event=OPEN', [{ from_timestamp: now - 1000, to_timestamp: now + 3_600_000 }]);
    expect(await screen.findAllByText('login page')).not.toHaveLength(0);
    expect(second.location().search).toBe('?event=OPEN');
  });
});

describe('open window format', () => {
  it('writes weekday, day, month, year, hh:mm and the time-zone abbreviation', () => {
    const at = Date.UTC(2030, 5, 3, 8, 5);
    expect(formatOpenTime(at, 'en', 'UTC')).toMatch(/^Monday,? 3 June 2030.* 08:05 UTC$/);
    expect(formatOpenTime(at, 'de', 'Europe/Berlin')).toMatch(/^Montag, 3\. Juni 2030.* 10:05 MESZ$/);
  });

  it('prefers a real abbreviation to a GMT offset', () => {
    const summer = Date.UTC(2030, 5, 3, 12, 0);
    const winter = Date.UTC(2030, 0, 15, 12, 0);
    // en-GB alone prints 'GMT-4' for New York; en-US knows EDT and EST.
    expect(formatOpenTime(summer, 'en', 'America/New_York')).toMatch(/^Monday,? 3 June 2030.* 08:00 EDT$/);
    expect(timeZoneAbbreviation(winter, 'en', 'America/New_York')).toBe('EST');
    expect(timeZoneAbbreviation(summer, 'de', 'America/New_York')).toBe('EDT');
    expect(timeZoneAbbreviation(summer, 'en', 'America/Los_Angeles')).toBe('PDT');
    // The UI language's own abbreviation where it has one.
    expect(timeZoneAbbreviation(summer, 'en', 'Europe/Berlin')).toBe('CEST');
    expect(timeZoneAbbreviation(winter, 'de', 'Europe/Berlin')).toBe('MEZ');
    expect(timeZoneAbbreviation(summer, 'en', 'Europe/London')).toBe('BST');
    // de-DE only knows an offset for London; en-GB has BST.
    expect(formatOpenTime(summer, 'de', 'Europe/London')).toMatch(/^Montag, 3\. Juni 2030.* 13:00 BST$/);
    expect(timeZoneAbbreviation(summer, 'en', 'UTC')).toBe('UTC');
  });

  it('falls back to the GMT offset where no abbreviation exists', () => {
    const at = Date.UTC(2030, 5, 3, 12, 0);
    expect(timeZoneAbbreviation(at, 'en', 'Asia/Tokyo')).toBe('GMT+9');
    expect(timeZoneAbbreviation(at, 'de', 'Asia/Kolkata')).toBe('GMT+5:30');
    expect(formatOpenTime(at, 'en', 'Asia/Tokyo')).toMatch(/ 21:00 GMT\+9$/);
  });
});
