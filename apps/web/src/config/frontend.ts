// Which of the provider's frontends this app is (spec 01 §7 handshake `frontend`, preference and SSO queries).
import type { FrontendType } from '@showfloor/contracts';

/** The frontend type every call and the socket handshake of this app name. */
export const FRONTEND = 'visitor' satisfies FrontendType;
