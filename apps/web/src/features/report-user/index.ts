// What other parts of the app use of reporting a user: the dialog and its outcome, composed into the chat page's
// individual chats by src/app/routes/chat.tsx.
export { ReportUser, type ReportUserProps } from './components/report-user.tsx';
