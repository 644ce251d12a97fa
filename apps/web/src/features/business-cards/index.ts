// What other parts of the app use of business cards (apps/web/README.md "Sharing between features"): src/app
// composes the page with chat's client (a request's message) and hands the card answers and the request sub-page
// to the chat page (a chat avatar, a participant, the toolbar).
export { default as BusinessCardsPage, cardRequestSubPage } from './routes/business-cards-page.tsx';
export type { BusinessCardsPageProps } from './routes/business-cards-page.tsx';
export {
  cardRequestPayload,
  cardResponsePayload,
  useCardAnswers,
  type CardAnswerActions,
} from './hooks/use-card-answers.ts';
