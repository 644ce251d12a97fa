// The token wallet (spec 02 §2.10 "a list of tokens", §3 Token): each token collected at a hotspot with its
// access code and a button that copies the code. Shown when the event's enable_token_wallet is on (menu.ts).
import {
  ActionIcon,
  Alert,
  Center,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WalletToken } from '@showfloor/contracts';
import { PlainList } from '../../../components/plain-list.tsx';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { useWallet } from '../api/use-wallet.ts';

function CopyIcon({ copied }: { copied: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {copied ? (
        <path
          d="M5 12.5l4.5 4.5L19 7.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      ) : (
        <>
          <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </>
      )}
    </svg>
  );
}

function TokenRow({ token }: { token: WalletToken }) {
  const { t } = useTranslation('token-wallet');
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>{token.hotspot_label || t('unnamedHotspot')}</Text>
          <Text fz="sm" c="gray.7">
            {t('accessCode')}{' '}
            <Text span ff="monospace" fz="md" fw={600} c="dark.8">
              {token.access_code}
            </Text>
          </Text>
        </Stack>
        <CopyButton value={token.access_code} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('copied') : t('copy')} withArrow position="left">
              <ActionIcon
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'green.8' : undefined}
                size="lg"
                onClick={copy}
                aria-label={
                  copied
                    ? t('copiedCode', { label: token.hotspot_label })
                    : t('copyCode', { label: token.hotspot_label })
                }
              >
                <CopyIcon copied={copied} />
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Paper>
  );
}

export default function TokenWalletPage() {
  const { t } = useTranslation('token-wallet');
  const wallet = useWallet();
  if (wallet.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (wallet.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {parseAppError(wallet.error).message}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text c="gray.7" fz="sm">
        {t('intro')}
      </Text>
      {wallet.data.tokens.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <PlainList label={t('tokens')}>
          {wallet.data.tokens.map((token) => (
            <TokenRow key={token.token_id} token={token} />
          ))}
        </PlainList>
      )}
    </Stack>
  );
}
