// The phone navigation drawer's open state: it closes when the page it was opened on is left
// (a followed link, the browser's back button) and when the window grows to the desktop layout.
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const useMobileNav = (isDesktop: boolean) => {
  const { pathname } = useLocation();
  const [isOpen, handlers] = useDisclosure(false);
  // The address the drawer was opened at, read from the address bar: the router renders a new
  // pathname only once the next page's code has loaded, so a drawer opened in between (the URL is
  // already /funds, the shell still shows /dashboard's) would otherwise be closed by that render.
  const openedAt = useRef('');
  const open = () => {
    openedAt.current = window.location.pathname;
    handlers.open();
  };
  const close = handlers.close;
  const toggle = () => (isOpen ? close() : open());

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger
  useEffect(() => {
    if (pathname !== openedAt.current) close();
  }, [pathname]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the desktop breakpoint is the trigger
  useEffect(() => {
    if (isDesktop) close();
  }, [isDesktop]);

  return { isOpen, toggle, close };
};
