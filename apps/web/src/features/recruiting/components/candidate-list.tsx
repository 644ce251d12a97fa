// The dashboard's user list (spec 02 §2.3): the event's people, searched by first name, last name, company and job
// title (spec 02 §5 "Search"); picking one opens their candidate page.
import { useState } from 'react';
import { Alert, Loader, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH, type UserSummary } from '@showfloor/contracts';
import { PlainList } from '../../../components/plain-list.tsx';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { useCandidates } from '../api/use-candidates.ts';

function matches(person: UserSummary, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [
    person.firstname,
    person.lastname,
    `${person.firstname} ${person.lastname}`,
    person.company,
    person.job_title,
  ]
    .filter((field): field is string => typeof field === 'string')
    .some((field) => field.toLowerCase().includes(needle));
}

export interface CandidateListProps {
  eventCode: string;
  recruiterId: number;
  selectedId: number | undefined;
  onSelect: (candidate: UserSummary) => void;
}

export function CandidateList({ eventCode, recruiterId, selectedId, onSelect }: CandidateListProps) {
  const { t } = useTranslation('recruiting');
  const [search, setSearch] = useState('');
  const people = useCandidates(eventCode, recruiterId);
  if (people.isPending) return <Loader aria-label={t('list.loading')} />;
  if (people.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {parseAppError(people.error).message}
      </Alert>
    );
  }
  const shown = people.candidates.filter((person) => matches(person, search));
  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label={t('list.search')}
        value={search}
        maxLength={MAX_TEXT_LENGTH}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {shown.length === 0 ? <Text>{t('list.none')}</Text> : null}
      <PlainList gap={2} label={t('list.label')}>
        {shown.map((person) => (
          <li key={person.id}>
            <NavLink
              component="button"
              type="button"
              active={person.id === selectedId}
              aria-current={person.id === selectedId ? 'true' : undefined}
              label={`${person.firstname} ${person.lastname}`}
              description={[person.job_title, person.company].filter(Boolean).join(' · ') || undefined}
              onClick={() => onSelect(person)}
              // Dark grey on the active row's tint too (the default dimmed text fails contrast there).
              styles={{ description: { color: 'var(--mantine-color-gray-8)' } }}
            />
          </li>
        ))}
      </PlainList>
    </Stack>
  );
}
