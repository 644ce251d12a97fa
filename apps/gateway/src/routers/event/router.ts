import { router } from '../../trpc/init.ts';
import { catalogueMutation, catalogueQuery } from '../procedure.ts';

/** event: preferences, open hours, FAQs, help desk, passport, store, events and content e-mails. */
export const eventRouter = router({
  getPreferences: catalogueQuery('event', 'getPreferences'),
  // A user's own preference (exit survey answer, avatar choice): for themselves, in their event.
  createPreference: catalogueMutation('event', 'createPreference'),
  getOpenHours: catalogueQuery('event', 'getOpenHours'),
  getEvent: catalogueQuery('event', 'getEvent'),
  // A POST at the provider, but the login page's read of its FAQs.
  loginFaqs: catalogueQuery('event', 'loginFaqs'),
  getEventFaqs: catalogueQuery('event', 'getEventFaqs'),
  getFaq: catalogueQuery('event', 'getFaq'),
  contactHelpDesk: catalogueMutation('event', 'contactHelpDesk'),
  getPassport: catalogueQuery('event', 'getPassport'),
  claimPassport: catalogueMutation('event', 'claimPassport'),
  getStoreItems: catalogueQuery('event', 'getStoreItems'),
  purchase: catalogueMutation('event', 'purchase'),
  listEvents: catalogueQuery('event', 'listEvents'),
  sendEmail: catalogueMutation('event', 'sendEmail'),
});
