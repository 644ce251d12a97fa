import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { setSocket } from '../../../lib/socket/registry.ts';
import { createFakeSocket } from '../../../testing/fake-socket.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { NotificationPanel } from './notification-panel.tsx';

const ROOMS = {
  event_rooms: [
    {
      event: 'DEMO',
      rooms: [
        {
          id: 1,
          name: 'Lobby',
          link: 'https://rooms.demo.test/lobby',
          type: 'lobby',
          event_code: 'DEMO',
          active: true,
          multiplayer: true,
        },
        {
          id: 3,
          name: 'Talk Stage',
          link: 'https://rooms.demo.test/stage',
          type: 'room',
          event_code: 'DEMO',
          active: true,
          multiplayer: false,
        },
      ],
    },
  ],
};

const PEOPLE = {
  users: [
    { id: 4, firstname: 'Erin', lastname: 'Meyer', company: 'Showfloor', job_title: 'Organiser' },
    { id: 1, firstname: 'Ada', lastname: 'Lovelace', company: 'Engines', job_title: 'Programmer' },
    { id: 2, firstname: 'Grace', lastname: 'Hopper', company: 'Navy', job_title: 'Admiral' },
  ],
};

function gateway() {
  return mockTrpc({ 'content.listRooms': () => ROOMS, 'user.getLoggedUsers': () => PEOPLE });
}

beforeEach(async () => {
  await startSession(
    makeUser({ id: 4, username: 'erin@demo.test', firstname: 'Erin', roles: [{ role: 'event-admin' }] }),
  );
});

afterEach(async () => {
  setSocket(null);
  clearSession();
  await testI18n.changeLanguage('en');
});

// Pasting puts the whole text in with one input event: typing it key by key re-renders the form per character,
// which a busy machine cannot do within the test's time.
async function fill(user: ReturnType<typeof renderWithProviders>['user'], label: RegExp, text: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.paste(text);
}

async function pick(user: ReturnType<typeof renderWithProviders>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

// Each test clicks through several Mantine pickers: generous time on a busy shared machine.
describe('event notification form', { timeout: 40_000 }, () => {
  it('needs a title, a message and an audience before it sends, then sends to All Rooms for 5 s', async () => {
    gateway();
    const socket = createFakeSocket();
    socket.install();
    const { user } = renderWithProviders(<NotificationPanel />);
    const send = screen.getByRole('button', { name: 'Send notification' });
    expect(send).toBeDisabled();
    expect(screen.getByText('Enter a title.')).toBeInTheDocument();

    await fill(user, /^Title/, 'Keynote');
    expect(send).toBeDisabled();
    expect(screen.getByText('Enter a message.')).toBeInTheDocument();
    await fill(user, /^Message/, 'Starts in five minutes');
    expect(send).toBeDisabled();
    expect(screen.getByText('Choose an audience room or recipients.')).toBeInTheDocument();
    // The reset defaults are chosen already: Information, 5 seconds.
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('Information');
    expect(screen.getByRole('combobox', { name: 'Duration' })).toHaveValue('5 seconds');

    await pick(user, 'Audience room', 'All Rooms');
    expect(send).toBeEnabled();
    await user.click(send);

    expect(await screen.findByRole('status')).toHaveTextContent('Notification sent');
    expect(socket.emitted).toEqual([
      {
        topic: 'announcements',
        payload: {
          title: 'Keynote',
          message: 'Starts in five minutes',
          room_id: 0,
          type: 1,
          duration: 5,
          user_ids: [],
        },
      },
    ]);
    // Back returns to the form as it was.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Keynote');
    expect(screen.getByRole('combobox', { name: 'Audience room' })).toHaveValue('All Rooms');
  });

  it('counts the message up to 500 and turns the counter red at 500', async () => {
    gateway();
    const { user } = renderWithProviders(<NotificationPanel />);
    const counter = screen.getByTestId('notification-counter');
    expect(counter).toHaveTextContent('0/500');
    const message = screen.getByRole('textbox', { name: /^Message/ });
    expect(message).toHaveAccessibleDescription('0/500');
    await user.type(message, 'Hello');
    expect(counter).toHaveTextContent('5/500');
    expect(counter).toHaveAttribute('data-at-limit', 'false');
    fireEvent.change(message, { target: { value: 'x'.repeat(499) } });
    expect(counter).toHaveTextContent('499/500');
    expect(counter).toHaveAttribute('data-at-limit', 'false');
    fireEvent.change(message, { target: { value: 'x'.repeat(500) } });
    expect(counter).toHaveTextContent('500/500');
    expect(counter).toHaveAttribute('data-at-limit', 'true');
    expect(counter).toHaveStyle({ color: 'var(--mantine-color-red-8)' });
    // The field itself stops at 500.
    expect(message).toHaveAttribute('maxlength', '500');
  });

  it('refuses a message longer than 500 even when the field is bypassed', async () => {
    gateway();
    renderWithProviders(<NotificationPanel />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'T' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Message/ }), {
      target: { value: 'x'.repeat(501) },
    });
    expect(screen.getByText('The message is longer than 500 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send notification' })).toBeDisabled();
  });

  it('sends to the people picked among everyone signed in, with its type and until closed', async () => {
    const trpc = gateway();
    const socket = createFakeSocket();
    socket.install();
    const { user } = renderWithProviders(<NotificationPanel />);
    await fill(user, /^Title/, 'Booth visit');
    await fill(user, /^Message/, 'Come to the Kernel Booth');
    await user.click(screen.getByRole('radio', { name: 'Specific people' }));
    const send = screen.getByRole('button', { name: 'Send notification' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Recipients' }));
    // The sender is not offered.
    expect(await screen.findByRole('option', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Erin Meyer' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Ada Lovelace' }));
    await user.click(screen.getByRole('option', { name: 'Grace Hopper' }));
    await pick(user, 'Type', 'Warning');
    await pick(user, 'Duration', 'Until closed');
    await user.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent('Notification sent');
    expect(socket.emitted[0]?.payload).toEqual({
      title: 'Booth visit',
      message: 'Come to the Kernel Booth',
      room_id: null,
      type: 3,
      duration: null,
      user_ids: [1, 2],
    });
    expect(trpc.inputsOf('user.getLoggedUsers')).toEqual([{ event_code: 'DEMO' }]);
  });

  it("shows the failure view with the relay's reason, and Reset restores 5 s and Information", async () => {
    gateway();
    const socket = createFakeSocket(() => ({
      statusCode: 400,
      message: 'Only event admins and admins may do this.',
    }));
    socket.install();
    const { user } = renderWithProviders(<NotificationPanel />);
    await fill(user, /^Title/, 'Keynote');
    await fill(user, /^Message/, 'Starts now');
    await pick(user, 'Audience room', 'Talk Stage');
    await pick(user, 'Type', 'Error');
    await pick(user, 'Duration', '20 seconds');
    await user.click(screen.getByRole('button', { name: 'Send notification' }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Notification not sent');
    expect(screen.getByText('Only event admins and admins may do this.')).toBeInTheDocument();
    expect(socket.emitted[0]?.payload).toMatchObject({ room_id: 3, type: 4, duration: 20 });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('Error');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('Information');
    expect(screen.getByRole('combobox', { name: 'Duration' })).toHaveValue('5 seconds');
    expect(screen.getByRole('combobox', { name: 'Audience room' })).toHaveValue('');
  });

  it('says so when nothing answered (no connection)', async () => {
    gateway();
    const { user } = renderWithProviders(<NotificationPanel />);
    await fill(user, /^Title/, 'Keynote');
    await fill(user, /^Message/, 'Starts now');
    await pick(user, 'Audience room', 'All Rooms');
    await user.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notification not sent');
    expect(screen.getByText('The server did not answer in time.')).toBeInTheDocument();
  });

  it('for one candidate asks for the type and the duration, and sends to that candidate only', async () => {
    gateway();
    const socket = createFakeSocket();
    socket.install();
    const { user } = renderWithProviders(<NotificationPanel candidate={{ id: 1, name: 'Ada Lovelace' }} />);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Specific people' })).toBeNull();
    await fill(user, /^Title/, 'Interview');
    await fill(user, /^Message/, 'Can we talk at 3 pm?');
    const send = screen.getByRole('button', { name: 'Send notification' });
    expect(send).toBeDisabled();
    expect(screen.getByText('Choose a type.')).toBeInTheDocument();
    await pick(user, 'Type', 'Success');
    expect(send).toBeDisabled();
    expect(screen.getByText('Choose a duration.')).toBeInTheDocument();
    await pick(user, 'Duration', '10 seconds');
    await user.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent('Notification sent');
    expect(socket.emitted[0]?.payload).toEqual({
      title: 'Interview',
      message: 'Can we talk at 3 pm?',
      room_id: null,
      type: 2,
      duration: 10,
      user_ids: [1],
    });
  });

  it('speaks Deutsch', async () => {
    await testI18n.changeLanguage('de');
    gateway();
    renderWithProviders(<NotificationPanel />);
    expect(screen.getByRole('button', { name: 'Benachrichtigung senden' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Art' })).toHaveValue('Information');
    expect(screen.getByRole('combobox', { name: 'Dauer' })).toHaveValue('5 Sekunden');
    const form = screen.getByRole('form', { name: 'Veranstaltungsbenachrichtigung' });
    expect(within(form).getByRole('button', { name: 'Zurücksetzen' })).toBeInTheDocument();
  });
});
