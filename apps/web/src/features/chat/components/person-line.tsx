// A person's name with their company and job title where the event shows them (show_company, show_job_title).
import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { Participant } from '@showfloor/contracts';
import { fullName, type ShownFields } from '../utils/conversation.ts';

export function workLine(person: Pick<Participant, 'company' | 'job_title'>, shown: ShownFields): string {
  return [shown.jobTitle ? person.job_title : null, shown.company ? person.company : null]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

export function PersonLine({ person, shown }: { person: Participant; shown: ShownFields }) {
  const work = workLine(person, shown);
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar name={fullName(person)} color="initials" size={32} aria-hidden="true" />
      <Stack gap={0} miw={0}>
        <Text fw={600} size="sm" truncate>
          {fullName(person)}
        </Text>
        {work ? (
          <Text size="xs" c="var(--mantine-color-gray-7)" truncate>
            {work}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
