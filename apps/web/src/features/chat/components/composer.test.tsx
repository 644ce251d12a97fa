// The message input (spec 02 §5, §9): Enter sends, Shift+Enter is a new line, an empty message cannot be sent, at
// most 2000 characters, the count shown near the limit.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MAX_TEXT_LENGTH } from '@showfloor/contracts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { COUNT_SHOWN_FROM, Composer } from './composer.tsx';

describe('Composer', () => {
  it('sends on Enter, keeps Shift+Enter as a new line, and cannot send an empty message', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(<Composer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}line two{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Line one\nline two');
    expect(box).toHaveValue('');
    await user.type(box, 'By button');
    await user.click(send);
    expect(onSend).toHaveBeenLastCalledWith('By button');
  });

  it('shows the count only near the limit and takes at most 2000 characters', () => {
    renderWithProviders(<Composer onSend={() => undefined} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'a'.repeat(COUNT_SHOWN_FROM - 1) } });
    expect(screen.queryByText(/\/2000$/)).not.toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'a'.repeat(COUNT_SHOWN_FROM) } });
    expect(screen.getByText(`${COUNT_SHOWN_FROM}/2000`)).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(`${COUNT_SHOWN_FROM}/2000`);
    fireEvent.change(box, { target: { value: 'b'.repeat(MAX_TEXT_LENGTH + 50) } });
    expect(box).toHaveValue('b'.repeat(MAX_TEXT_LENGTH));
    expect(screen.getByText('2000/2000')).toBeInTheDocument();
  });

  it('is off while disabled (e.g. no connection to the chat yet)', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(<Composer onSend={onSend} disabled />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });
});
