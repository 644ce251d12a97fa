// The auth forms' field rules: the contracts' zod-free predicates, which accept exactly what the gateway's
// schemas accept (a contracts test checks that), so the login route loads no schema library. The texts shown
// are the i18n catalogue's (whose English equals the spec's).
export {
  isAccessCode as isValidAccessCode,
  isEventCode as isValidEventCode,
  isLoginEmail as isValidEmail,
  isLoginPassword as isValidPassword,
  isNewPassword as isValidNewPassword,
} from '@showfloor/contracts';
