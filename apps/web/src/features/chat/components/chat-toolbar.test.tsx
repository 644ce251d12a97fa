import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { ChatKind } from '../utils/conversation.ts';
import { ChatToolbar, toolbarActions } from './chat-toolbar.tsx';

describe('ChatToolbar', () => {
  it('has the buttons of each chat kind (spec 02 §2.5)', () => {
    const matrix: Array<[ChatKind, boolean, string[]]> = [
      ['individual', false, ['requestCard']],
      ['individual', true, ['audioCall', 'videoCall', 'reportUser']],
      ['group', false, ['addPersons', 'participants']],
      ['group', true, ['addPersons', 'participants']],
      ['room', false, ['participants']],
      ['room', true, ['participants']],
      ['recruiting', false, ['notification']],
      ['recruiting', true, ['audioCall', 'videoCall', 'notification']],
      ['bot', false, []],
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
    const later = screen.getByRole('button', { name: 'Participants (3) (not available yet)' });
    expect(later).toHaveAttribute('aria-disabled', 'true');
    // Still reached by Tab, and a click does nothing.
    await user.tab();
    expect(later).toHaveFocus();
    await user.click(later);
    expect(addPersons).toHaveBeenCalledOnce();
  });

  it('takes the buttons another feature adds after the spec’s', () => {
    renderWithProviders(
      <ChatToolbar kind="bot" isCallsOn handlers={{}} extra={<button type="button">Hang up</button>} />,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Chat actions' });
    expect(toolbar).toContainElement(screen.getByRole('button', { name: 'Hang up' }));
  });

  it('shows no call buttons when calls are off, not even disabled ones', () => {
    renderWithProviders(
      <ChatToolbar kind="individual" isCallsOn={false} handlers={{ requestCard: vi.fn() }} />,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Chat actions' });
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('data-action'))).toEqual(['requestCard']);
    expect(toolbar).not.toHaveTextContent(/call/i);
  });

  it('shows nothing in a bot chat', () => {
    renderWithProviders(<ChatToolbar kind="bot" isCallsOn handlers={{}} />);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });
});
