// The graphics-unsupported page (spec 01 §2 /webgl-error).
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function WebglErrorPage() {
  const { t } = useTranslation('webgl-error');
  return (
    <Stack p="lg" maw={640} component="section" aria-labelledby="webgl-title">
      <Title order={1} size="h2" id="webgl-title">
        {t('title')}
      </Title>
      <Text>{t('message')}</Text>
      <Anchor component={Link} to="/lobby">
        {t('back')}
      </Anchor>
    </Stack>
  );
}
