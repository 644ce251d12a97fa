import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useReturnFocus } from './use-return-focus.ts';

function Popup({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  return (
    <div role="dialog" aria-label="Popup">
      <button type="button" autoFocus onClick={onClose}>
        OK
      </button>
    </div>
  );
}

function Page() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      {isOpen ? <Popup onClose={() => setOpen(false)} /> : null}
    </>
  );
}

describe('useReturnFocus', () => {
  it('gives the focus back to the opener when a dialog mounted open is unmounted', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(ok).toHaveFocus();
    fireEvent.click(ok);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('leaves the focus where it went while the dialog closed', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(elsewhere).toHaveFocus();
  });
});
