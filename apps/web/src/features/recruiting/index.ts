// What src/app composes into the recruiting dashboard (app/routes/recruiting-dashboard.tsx): the user list, the
// candidate page, the badge list and the recruiter's conversation with a candidate.
export { CandidateList, type CandidateListProps } from './components/candidate-list.tsx';
export { CandidateProfile, type CandidateProfileProps } from './components/candidate-profile.tsx';
export { CandidateBadges } from './components/candidate-badges.tsx';
export { useCandidate } from './api/use-candidate.ts';
export { useCandidateConversation } from './api/use-candidate-conversation.ts';
