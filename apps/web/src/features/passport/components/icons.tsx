// The passport's small pictures, decorative (the text beside each says the same).
export function CoinIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="var(--mantine-color-yellow-5)" />
      <circle cx="12" cy="12" r="7" fill="none" stroke="var(--mantine-color-yellow-8)" strokeWidth="1.6" />
      <path
        d="M12 8v8M9.5 10.5h5"
        stroke="var(--mantine-color-yellow-9)"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function CheckIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function TrophyIcon({ size = 56 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 4h10v4a5 5 0 0 1-10 0V4z" fill="var(--mantine-color-yellow-5)" />
      <path
        d="M7 6H4.5a2.5 2.5 0 0 0 2.8 3.4M17 6h2.5a2.5 2.5 0 0 1-2.8 3.4"
        fill="none"
        stroke="var(--mantine-color-yellow-7)"
        strokeWidth="1.6"
      />
      <path d="M10.5 13h3v4h-3z" fill="var(--mantine-color-yellow-7)" />
      <path d="M8 20h8v-2H8z" fill="var(--mantine-color-yellow-8)" />
    </svg>
  );
}
