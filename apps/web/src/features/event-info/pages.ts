// The event-info feature's routed page (/info), lazily loaded by src/app's route table.
export const eventInfoPage = () => import('./routes/event-info-page.tsx');
