// Holds the user back from losing unsaved changes: closing or reloading the tab asks the browser's
// own question; following an in-app link (menu, breadcrumb, cancel) asks first through the returned
// `pendingHref` (the page shows a confirmation and calls `proceed` or `stay`). The console's
// BrowserRouter is not a data router, so react-router's useBlocker is not available; links are caught
// in the capture phase before React Router's own click handler. Browser back/forward is not held.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

const isPlainLeftClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export const useLeaveGuard = (isDirty: boolean) => {
  const navigate = useNavigate();
  const [pendingHref, setPendingHref] = useState<string | null>(null);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    const hold = (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainLeftClick(event)) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (anchor.target && anchor.target !== '_self') return;
      if (anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return;
      const href = `${anchor.pathname}${anchor.search}${anchor.hash}`;
      if (href === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
      event.preventDefault();
      event.stopPropagation();
      setPendingHref(href);
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', hold, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', hold, true);
    };
  }, [isDirty]);

  const proceed = useCallback(() => {
    const href = pendingHref;
    setPendingHref(null);
    if (href) navigate(href);
  }, [pendingHref, navigate]);
  const stay = useCallback(() => setPendingHref(null), []);

  return { pendingHref, proceed, stay };
};
