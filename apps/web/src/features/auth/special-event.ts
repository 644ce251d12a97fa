// The one event with its own welcome text and terms of use (spec 01 §2 "Login page").
import { env } from '../../config/env.ts';

export function isSpecialEvent(eventCode: string): boolean {
  return eventCode !== '' && eventCode === env.specialEventCode;
}

/** The terms of use the footer links to for an event. */
export function termsOfUseUrl(eventCode: string): string {
  return isSpecialEvent(eventCode) ? env.specialEventTermsUrl : env.termsOfUseUrl;
}
