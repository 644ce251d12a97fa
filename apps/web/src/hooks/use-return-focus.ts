// Gives the keyboard focus back to what had it when a dialog appeared, once the dialog is gone. Mantine's Modal does
// this only when its `opened` goes from true to false; a dialog that is mounted open and unmounted to close (a
// room's content popup) never sees that change, and its opener (a button inside the room's frame: the frame
// element, whose document keeps its own focused button) was left without the focus.
import { useEffect, useState } from 'react';

/** Call in a component mounted open: when it unmounts, the element focused at its mount gets the focus back. */
export function useReturnFocus(): void {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (!(opener instanceof HTMLElement) || opener === document.body) return;
      // After the dialog left the document; not when the focus went somewhere else meanwhile (a Tab, a link).
      window.setTimeout(() => {
        const active = document.activeElement;
        if ((active === null || active === document.body) && opener.isConnected)
          opener.focus({ preventScroll: true });
      }, 0);
    },
    [opener],
  );
}
