// A microphone, struck through when it is off: the room's microphone button and the participants' microphone
// states draw the same mark. Decorative: the button's label or the state's word beside it names it.

export interface MicIconProps {
  /** Struck through. */
  off: boolean;
  /** Width and height in px. @default 20 */
  size?: number;
}

export function MicIcon({ off, size = 20 }: MicIconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="9" y="3" width="6" height="11" rx="3" fill="currentColor" />
      <path d="M6 11a6 6 0 0 0 12 0M12 17v4" stroke="currentColor" strokeWidth="2" fill="none" />
      {off ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2.4" /> : null}
    </svg>
  );
}
