// The idle-tab modal of the editing pages (campaign edit, applist edit, campaign clone, bulk
// campaign edit; spec sections 4 and 8). The 5-minute timer runs only on those pages.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Button.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useIdle } from '../../lib/idle/use-idle.ts';

const IdleGuard = () => {
  const idle = useIdle();
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={idle}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('idle.message')}
      data-testid="idle-modal"
    >
      <Text mb="lg">{t('idle.hint')}</Text>
      <Group justify="flex-end">
        <Button onClick={() => window.location.reload()} data-autofocus>
          {t('idle.refresh')}
        </Button>
      </Group>
    </Modal>
  );
};

export default IdleGuard;
