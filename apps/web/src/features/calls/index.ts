// What other parts of the app use of calls: src/app mounts the call center once in the signed-in shell (the chat's
// call buttons reach it through lib/calls/call-requests.ts, not through an import).
export { CallCenter } from './components/call-center.tsx';
