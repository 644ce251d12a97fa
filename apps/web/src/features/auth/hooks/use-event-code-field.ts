// The event of an auth form that may have no `event` query parameter: then the user types it (spec 01 §2, §5);
// its error shows once the field was left or the form submitted.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isValidEventCode } from '../validation.ts';

/** `initialInput` fills the field when the query has no event (read once, on the first render). */
export function useEventCodeField(initialInput: () => string) {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const queryEvent = (params.get('event') ?? '').trim();
  const [input, setInput] = useState(() => (queryEvent ? '' : initialInput()));
  const [touched, setTouched] = useState(false);
  const eventCode = queryEvent || input.trim();
  const isValid = isValidEventCode(eventCode);
  const touch = () => setTouched(true);
  return {
    eventCode,
    isValid,
    touch,
    /** Props of the EventCodeInput, or undefined when the query gives the event and no field is shown. */
    inputProps: queryEvent
      ? undefined
      : {
          value: input,
          onChange: (e: React.ChangeEvent<HTMLInputElement>) => setInput(e.currentTarget.value),
          onBlur: touch,
          error: touched && !isValid ? t('errors.eventCode') : undefined,
        },
  };
}
