import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { TIMINGS } from '@showfloor/contracts';
import { ADA, GRACE, LINUS } from '../../../testing/chat-fixtures.ts';
import { prefs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { NewConversation } from './new-conversation.tsx';
import { ParticipantList } from './participant-list.tsx';

let gateway: ReturnType<typeof mockTrpc> | undefined;
afterEach(() => {
  gateway?.restore();
  vi.useRealTimers();
});

function renderPicker(fixed: (typeof GRACE)[] = []) {
  gateway = mockTrpc({
    'user.getLoggedUsers': () => ({ users: [ADA, GRACE, LINUS] }),
    'event.getPreferences': () => prefs({ show_company: 'yes', show_job_title: 'yes' }),
  });
  const onStart = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithProviders(
    <NewConversation userId={ADA.id} eventCode="DEMO" fixed={fixed} onStart={onStart} onCancel={onCancel} />,
  );
  return { ...view, onStart, onCancel };
}

describe('NewConversation', () => {
  it('lists the first 50 people in the event but the viewer, and starts with those chosen', async () => {
    const { user, onStart } = renderPicker();
    await screen.findByRole('button', { name: 'Select Grace Hopper' });
    expect(screen.queryByRole('button', { name: 'Select Ada Lovelace' })).not.toBeInTheDocument();
    expect(gateway?.inputsOf('user.getLoggedUsers')).toEqual([{ event_code: 'DEMO', limit: 51 }]);
    expect(screen.getByRole('button', { name: 'Start conversation' })).toBeDisabled();
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'kernel');
    await user.click(screen.getByRole('button', { name: 'Select Linus Torvalds' }));
    await user.click(screen.getByRole('button', { name: 'Start conversation' }));
    expect(onStart).toHaveBeenCalledWith([LINUS]);
  });

  it("says 'user exists' for 2.5 s when someone chosen is picked again", async () => {
    const { user } = renderPicker();
    await user.click(await screen.findByRole('button', { name: 'Select Grace Hopper' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Select Grace Hopper' }));
    expect(screen.getByRole('status')).toHaveTextContent('User exists: Grace Hopper is already selected.');
    act(() => {
      vi.advanceTimersByTime(TIMINGS.USER_EXISTS_MS - 100);
    });
    expect(screen.getByRole('status')).toHaveTextContent('User exists');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('adds people to a group: its members stay, and count as chosen', async () => {
    const { user, onStart, onCancel } = renderPicker([GRACE]);
    expect(screen.getByRole('heading', { name: 'Add persons' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Select Grace Hopper' }));
    expect(screen.getByRole('status')).toHaveTextContent('User exists');
    await user.click(screen.getByRole('button', { name: 'Select Linus Torvalds' }));
    await user.click(screen.getByRole('button', { name: 'Start conversation' }));
    expect(onStart).toHaveBeenCalledWith([GRACE, LINUS]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('ParticipantList', () => {
  it('shows company and job title as the event allows, or the empty text', () => {
    const { unmount } = renderWithProviders(
      <ParticipantList
        title="Grace Hopper +1"
        participants={[GRACE, LINUS]}
        shown={{ company: true, jobTitle: false }}
      />,
    );
    expect(screen.getByText('Navy Computing Lab')).toBeInTheDocument();
    expect(screen.queryByText(/Rear Admiral/)).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <ParticipantList title="Room" participants={[]} shown={{ company: true, jobTitle: true }} />,
    );
    expect(screen.getByText('Participant list is empty.!')).toBeInTheDocument();
  });
});
