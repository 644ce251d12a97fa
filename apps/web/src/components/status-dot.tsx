// A user's status as a small mark (spec 02 §2.9: available a green dot, busy a do-not-disturb icon): away is an
// amber dot with a clock hand, offline a grey ring. Named for screen readers by the status word, so colour is
// never the only signal.
import { useTranslation } from 'react-i18next';
import type { UserStatus } from '@showfloor/contracts';

const COLOURS: Record<UserStatus, string> = {
  available: 'var(--mantine-color-green-7)',
  away: 'var(--mantine-color-yellow-6)',
  busy: 'var(--mantine-color-red-7)',
  offline: 'var(--mantine-color-gray-6)',
};

export interface StatusDotProps {
  status: UserStatus;
  /** Diameter in px. @default 14 */
  size?: number;
  /** Decorative when the status word is written beside it. @default false */
  decorative?: boolean;
}

export function StatusDot({ status, size = 14, decorative = false }: StatusDotProps) {
  const { t } = useTranslation();
  const colour = COLOURS[status];
  const label = t(`status.${status}`);
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative ? true : undefined}
      focusable="false"
      data-status={status}
      style={{ flex: 'none' }}
    >
      {/* A white rim keeps the mark visible on a picture or a coloured background. */}
      <circle cx="8" cy="8" r="7.5" fill="#fff" />
      {status === 'offline' ? (
        <circle cx="8" cy="8" r="5" fill="#fff" stroke={colour} strokeWidth="2.5" />
      ) : (
        <circle cx="8" cy="8" r="6.25" fill={colour} />
      )}
      {status === 'busy' ? <rect x="4" y="6.75" width="8" height="2.5" rx="1" fill="#fff" /> : null}
      {status === 'away' ? (
        <path d="M8 4.5V8.3L10.4 9.8" fill="none" stroke="#fff" strokeWidth="1.7" strokeLinecap="round" />
      ) : null}
    </svg>
  );
}
