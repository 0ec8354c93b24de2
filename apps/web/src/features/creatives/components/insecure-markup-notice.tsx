// The notice of an html tag that loads resources over plain http (the API stores it as
// secure_compatible: false): the bidder keeps such a creative off secure (https) inventory. Shows
// the first few of those URLs so the advertiser knows what to change.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

const SHOWN = 3;

export const InsecureMarkupNotice = ({ urls, testId }: { urls: readonly string[]; testId: string }) => {
  const { t } = useTranslation('creatives');
  return (
    <Alert color="yellow" variant="light" role="status" data-testid={testId}>
      <Text size="sm">{t('fields.insecureMarkup')}</Text>
      {urls.slice(0, SHOWN).map((url) => (
        <Text key={url} size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
      ))}
    </Alert>
  );
};
