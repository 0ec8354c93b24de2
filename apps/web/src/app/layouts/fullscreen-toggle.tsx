import { ActionIcon } from '@mantine/core';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { OnDemandTooltip } from '../../components/on-demand.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { INHERIT_COLOR_STYLE } from './inherit-color.ts';

const isFullscreen = () => typeof document !== 'undefined' && document.fullscreenElement !== null;

export const FullscreenToggle = () => {
  const { t } = useTranslation('layout');
  const [isOn, setIsOn] = useState(isFullscreen);

  useEffect(() => {
    const sync = () => setIsOn(isFullscreen());
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  // Browsers without the Fullscreen API (iOS Safari on iPhone) get no button.
  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;

  const toggle = () => {
    const request = isFullscreen() ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    request.catch(() => setIsOn(isFullscreen()));
  };
  const label = isOn ? t('topbar.exitFullscreen') : t('topbar.enterFullscreen');

  return (
    <OnDemandTooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        style={INHERIT_COLOR_STYLE}
        onClick={toggle}
        aria-label={label}
        aria-pressed={isOn}
        data-testid="fullscreen-toggle"
      >
        {isOn ? <IconMinimize size={20} aria-hidden="true" /> : <IconMaximize size={20} aria-hidden="true" />}
      </ActionIcon>
    </OnDemandTooltip>
  );
};
