import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { TIMINGS } from '@showfloor/contracts';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc } from '../../../testing/trpc-mock.ts';
import { ReportUser } from './report-user.tsx';

beforeEach(async () => {
  await startSession(makeUser());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSession();
});

function setup(answer: () => unknown, conversationId = 'conv-4') {
  const gateway = mockTrpc({ 'user.reportUser': answer });
  const onClose = vi.fn();
  const result = renderWithProviders(
    <ReportUser
      userId={7}
      person={{ id: 3, name: 'Linus Torvalds' }}
      conversationId={conversationId}
      isOpen
      onClose={onClose}
    />,
  );
  return { gateway, onClose, ...result };
}

describe('report a user', () => {
  it('reports the person from the conversation with an optional note, and says so for 15 s', async () => {
    const { gateway, onClose, user } = setup(() => ({ message: 'Thank you.' }));
    expect(screen.getByRole('dialog', { name: 'Report Linus Torvalds' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'What happened? (optional)' }), '  Spam links ');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(
      await screen.findByText('Linus Torvalds was reported to the moderators. Thank you.'),
    ).toBeInTheDocument();
    expect(gateway.inputsOf('user.reportUser')).toEqual([
      { reportedId: 3, reporterId: 7, conversation_id: 'conv-4', summary: 'Spam links' },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.REPORT_SUCCESS_MS - 200));
    expect(screen.getByText(/was reported to the moderators/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByText(/was reported to the moderators/)).not.toBeInTheDocument();
  });

  it("shows the server's message for 10 s when the report fails; a new conversation sends no id, nor an empty note", async () => {
    const { gateway, user } = setup(
      () => fail({ message: 'User not found.', code: 'NOT_FOUND', httpStatus: 404 }),
      'temp-3',
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found.');
    expect(gateway.inputsOf('user.reportUser')).toEqual([{ reportedId: 3, reporterId: 7 }]);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.REPORT_ERROR_MS - 200));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
