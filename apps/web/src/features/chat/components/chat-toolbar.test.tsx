import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { ChatKind } from '../utils/conversation.ts';
import { ChatToolbar, toolbarActions } from './chat-toolbar.tsx';

describe('ChatToolbar', () => {
  it('has the buttons of each chat kind (spec 02 §2.5)', () => {
    const matrix: Array<[ChatKind, boolean, string[]]> = [
      ['individual', false, ['audioCall', 'videoCall', 'requestCard']],
      ['individual', true, ['audioCall', 'videoCall', 'reportUser']],
      ['group', false, ['addPersons', 'participants']],
      ['room', true, ['participants']],
      ['recruiting', true, ['audioCall', 'videoCall', 'notification']],
      ['bot', true, []],
    ];
    for (const [kind, isCallsOn, actions] of matrix)
      expect(toolbarActions(kind, { isCallsOn }), `${kind} calls ${isCallsOn}`).toEqual(actions);
  });

  it('keeps the buttons of features not in the app yet disabled, saying so', async () => {
    const addPersons = vi.fn();
    const { user } = renderWithProviders(
      <ChatToolbar kind="group" isCallsOn={false} handlers={{ addPersons }} participantCount={3} />,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Chat actions' });
    expect(toolbar).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add persons' }));
    expect(addPersons).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Participants (3) (not available yet)' })).toBeDisabled();
  });

  it('shows nothing in a bot chat', () => {
    renderWithProviders(<ChatToolbar kind="bot" isCallsOn handlers={{}} />);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });
});
