// The creative editor as a large dialog (focus trapped, Escape closes, focus returns to the button
// that opened it): "New creative" on the list page, "Edit" from a list row or the view page. Closing
// with unsaved changes asks first.
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Modal.css';
import type { CreativeDetail } from '@console/core/api/creatives';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { LoadState } from '../../../components/load-state.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCreative } from '../api/get-creative.ts';
import { CreativeForm } from './creative-form.tsx';
import { emptyCreativeForm, formOfCreative } from './creative-form-model.ts';

export type CreativeEditorTarget = { kind: 'create' } | { kind: 'edit'; id: number };

type CreativeEditorModalProps = {
  /** null: closed. */
  target: CreativeEditorTarget | null;
  onClose: () => void;
  onSaved?: (creative: CreativeDetail) => void;
};

const EditBody = ({
  id,
  onSaved,
  onCancel,
  onDirtyChange,
}: {
  id: number;
  onSaved: (creative: CreativeDetail) => void;
  onCancel: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) => {
  const creative = useCreative(id);
  if (!creative.data)
    return (
      <LoadState
        isError={creative.isError}
        error={creative.error}
        onRetry={() => void creative.refetch()}
        testId="creative-editor"
      />
    );
  return (
    <CreativeForm
      // A fresh form for each stored version (a save elsewhere reloads it).
      key={creative.data.updated_at}
      initial={formOfCreative(creative.data)}
      edit={{
        id,
        advertiserName: creative.data.advertiser.companyName || creative.data.advertiser.email,
        exchangeNames: Object.fromEntries(
          creative.data.exchanges.map((exchange) => [exchange.exchange_id, exchange.name]),
        ),
      }}
      onSaved={onSaved}
      onCancel={onCancel}
      onDirtyChange={onDirtyChange}
    />
  );
};

export const CreativeEditorModal = ({ target, onClose, onSaved }: CreativeEditorModalProps) => {
  const { t } = useTranslation('creatives');
  const isSmall = useMediaQuery('(max-width: 48em)');
  const [isDirty, setDirty] = useState(false);
  const [isAsking, setAsking] = useState(false);
  const onDirtyChange = useCallback((dirty: boolean) => setDirty(dirty), []);

  const close = () => {
    setDirty(false);
    setAsking(false);
    onClose();
  };
  const requestClose = () => {
    if (isDirty) setAsking(true);
    else close();
  };
  const saved = (creative: CreativeDetail) => {
    close();
    onSaved?.(creative);
  };

  return (
    <>
      <Modal
        opened={target !== null}
        onClose={requestClose}
        title={target?.kind === 'edit' ? t('editor.editTitle') : t('editor.createTitle')}
        size={1180}
        fullScreen={isSmall}
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': t('editor.close') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        data-testid="creative-editor"
      >
        {target?.kind === 'edit' ? (
          <EditBody id={target.id} onSaved={saved} onCancel={requestClose} onDirtyChange={onDirtyChange} />
        ) : target ? (
          <CreativeForm
            initial={emptyCreativeForm()}
            onSaved={saved}
            onCancel={requestClose}
            onDirtyChange={onDirtyChange}
          />
        ) : null}
      </Modal>
      <ConfirmAction
        opened={isAsking}
        onClose={() => setAsking(false)}
        onConfirm={close}
        title={t('editor.discardTitle')}
        message={t('editor.discardBody')}
        confirmLabel={t('editor.discard')}
        cancelLabel={t('editor.keepEditing')}
        testId="creative-discard"
      />
    </>
  );
};
