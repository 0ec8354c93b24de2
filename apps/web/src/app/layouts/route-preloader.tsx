import { Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import classes from './shell.module.css';

const PRELOADER_MS = 450;

/** The settings panel's preloader: a brief overlay on each route change, when switched on. */
export const RoutePreloader = ({ enabled }: { enabled: boolean }) => {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const [isVisible, setIsVisible] = useState(false);
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  // Keyed on the path only: switching the preloader on does not flash it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => {
    if (!enabledRef.current) return;
    setIsVisible(true);
    const timer = setTimeout(() => setIsVisible(false), PRELOADER_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  if (!enabled || !isVisible) return null;
  return (
    <div
      className={classes.preloader}
      role="status"
      aria-label={t('preloader.loading')}
      data-testid="route-preloader"
    >
      <Loader size="lg" aria-hidden="true" />
    </div>
  );
};
