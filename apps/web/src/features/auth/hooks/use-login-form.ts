// The login form's fields (spec 01 §2 "Login page", §5): e-mail, password, the event code when the query does not
// give it, the two consents, which fields were touched and whether the consent errors show. Inputs are trimmed
// when left; a touched field that is not valid shows its error.
import { useState } from 'react';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { isValidEmail, isValidEventCode, isValidPassword } from '../validation.ts';

type Field = 'email' | 'password' | 'eventCode';
type Consent = 'privacy' | 'storage';

/** `queryEvent`: the `event` query parameter (trimmed); when given, the event code field is not shown. */
export function useLoginForm(queryEvent: string) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Without an event in the query, the field starts with the last event code used on this browser.
  const [eventInput, setEventInput] = useState(() =>
    queryEvent ? '' : (window.localStorage.getItem(STORAGE_KEYS.EVENT_CODE) ?? ''),
  );
  const [touched, setTouched] = useState<Record<Field, boolean>>({
    email: false,
    password: false,
    eventCode: false,
  });
  const [consents, setConsents] = useState<Record<Consent, boolean>>({ privacy: false, storage: false });
  const [isConsentErrorShown, setIsConsentErrorShown] = useState(false);

  const eventCode = queryEvent || eventInput.trim();
  const isValid: Record<Field, boolean> = {
    email: isValidEmail(email),
    password: isValidPassword(password),
    eventCode: isValidEventCode(eventCode),
  };
  const hasConsents = consents.privacy && consents.storage;
  const canSubmit = isValid.email && isValid.password && isValid.eventCode && hasConsents;

  const touch = (field: Field) => setTouched((s) => ({ ...s, [field]: true }));
  return {
    email,
    password,
    eventInput,
    eventCode,
    isValid,
    consents,
    hasConsents,
    canSubmit,
    isConsentErrorShown,
    /** Whether a field's error shows: it was touched and is not valid. */
    showsError: (field: Field) => touched[field] && !isValid[field],
    setEmail,
    setPassword,
    setEventInput,
    setConsent: (consent: Consent, isChecked: boolean) =>
      setConsents((s) => ({ ...s, [consent]: isChecked })),
    showConsentError: () => setIsConsentErrorShown(true),
    touch,
    /** Leaving a text field trims it and marks it touched. */
    leave: (field: Field) => {
      if (field === 'email') setEmail((v) => v.trim());
      if (field === 'eventCode') setEventInput((v) => v.trim());
      touch(field);
    },
    touchAll: () => setTouched({ email: true, password: true, eventCode: true }),
  };
}
