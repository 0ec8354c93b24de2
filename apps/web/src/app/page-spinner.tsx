import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Center.css';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../lib/i18n/locale-store.ts';

/** A centred spinner; `fullScreen` fills the viewport (start-up). */
export const PageSpinner = ({ fullScreen = false }: { fullScreen?: boolean }) => {
  const { t } = useTranslation('common', { suspend: false });
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-live="polite" data-testid="page-spinner">
      <Loader aria-hidden="true" />
      <span style={visuallyHidden}>{t('loading')}</span>
    </Center>
  );
};

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
