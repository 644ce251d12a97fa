// The cards the user holds (spec 02 §2.3 "Business cards: list"), with the search of spec 02 §5: first name, last
// name, full name or company; 'No search results' when none matches. Each card opens its detail.
import { useState } from 'react';
import { Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH, type BusinessCard } from '@showfloor/contracts';
import { PlainList } from '../../../components/plain-list.tsx';
import { fullNameOf, matchesSearch } from '../utils/search.ts';
import { CardPicture } from './card-picture.tsx';

export interface CardListProps {
  cards: readonly BusinessCard[];
  onOpen: (cardId: number) => void;
}

/** The second line of a card in the list: its job title and company, where the card has them. */
function workOf(card: BusinessCard): string {
  return [card.job_title, card.company].filter((part): part is string => Boolean(part)).join(' · ');
}

export function CardList({ cards, onOpen }: CardListProps) {
  const { t } = useTranslation('business-cards');
  const [search, setSearch] = useState('');
  const shown = cards.filter((card) => matchesSearch(card, search));
  if (cards.length === 0) return <Text>{t('list.empty')}</Text>;
  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        value={search}
        maxLength={MAX_TEXT_LENGTH}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {shown.length === 0 ? (
        <Text role="status">{t('list.noResults')}</Text>
      ) : (
        <PlainList gap={4} label={t('list.label')}>
          {shown.map((card) => {
            const work = workOf(card);
            return (
              <li key={card.card_id}>
                <UnstyledButton
                  onClick={() => onOpen(card.card_id)}
                  w="100%"
                  p="xs"
                  className="business-card-row"
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    display: 'flex',
                    gap: 12,
                    alignItems: 'center',
                  }}
                >
                  <CardPicture card={card} size={40} />
                  <Stack gap={0} miw={0}>
                    <Text fw={600} truncate>
                      {fullNameOf(card)}
                    </Text>
                    {work ? (
                      <Text size="sm" c="var(--mantine-color-gray-7)" truncate>
                        {work}
                      </Text>
                    ) : null}
                  </Stack>
                </UnstyledButton>
              </li>
            );
          })}
        </PlainList>
      )}
    </Stack>
  );
}
