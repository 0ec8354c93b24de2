// The navigation drawer below the desktop breakpoint (the menu, and on phones the top bar's tools).
// Loaded with its first opening (app-layout.tsx): Mantine's drawer and scroll lock stay off the
// first paint of every page.
import '@mantine/core/styles/Drawer.css';
import { Drawer } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/locale-store.ts';

type MobileNavDrawerProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The drawer's colours: the navigation's surface. */
  surface: CSSProperties;
  children: ReactNode;
};

export const MobileNavDrawer = ({ opened, onClose, title, surface, children }: MobileNavDrawerProps) => {
  const { t } = useTranslation('layout');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size={288}
      title={title}
      closeButtonProps={{ 'aria-label': t('nav.close'), style: { color: 'inherit' } }}
      styles={{ body: { padding: 0 }, content: surface, header: surface }}
      data-testid="mobile-nav"
    >
      {children}
    </Drawer>
  );
};
