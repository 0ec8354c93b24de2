// A password (or any secret) input whose show/hide toggle is a labelled, focusable button. Shared
// by the signed-in screens (profile, advertisers, DSP credentials); /login keeps its own copy in the
// auth feature so that this file never joins the login chunk.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n/locale-store.ts';

export const PasswordField = (props: PasswordInputProps) => {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        'aria-label': visible ? t('secret.hide') : t('secret.show'),
      }}
    />
  );
};
