// Mantine's Menu, Popover and Tooltip place their dropdowns with floating-ui: the frame loaded them
// (about 30 kB gzip with floating-ui) on every signed-in page for a menu or a hint nobody had opened
// yet, and a list drew a whole Menu in every row. Here they load on first use instead (a page whose
// selects need floating-ui still loads it with them). The target shows alone until then, the same element in the same
// place (nothing moves when the real component takes over): its code is fetched on the first hover
// or focus, and the first click (Enter or Space too: a button's click) mounts the real component
// already open, which then behaves as it always did (keyboard, focus trap, focus back on close).
import type { TooltipProps } from '@mantine/core';
import {
  cloneElement,
  lazy,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  Suspense,
  useRef,
  useState,
} from 'react';

/** What a target carries until its menu or popover is loaded (the real one sets aria-expanded itself). */
export type OnDemandTargetProps = {
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  'aria-expanded'?: false;
};

/**
 * `target(props)` (the button alone, `props` spread on it) until the first click, then `children`:
 * the lazily loaded component, given `defaultOpened`, with the target as its fallback while it loads.
 */
export const OpenOnDemand = ({
  load,
  target,
  children,
}: {
  /** Imports the module of `children` (the same import as its React.lazy). */
  load: () => Promise<unknown>;
  target: (props: OnDemandTargetProps) => ReactElement;
  children: ReactNode;
}) => {
  const [isWanted, setIsWanted] = useState(false);
  if (isWanted) return <Suspense fallback={target({})}>{children}</Suspense>;
  const preload = () => void load().catch(() => undefined);
  return target({
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      preload();
      setIsWanted(true);
    },
  });
};

const LazyTooltip = lazy(() => import('./tooltip.tsx'));

type TooltipTargetProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  ref?: Ref<HTMLElement>;
};

/**
 * Mantine's Tooltip (it opens on hover), loaded when the pointer first enters its target: the target
 * alone until then, then inside the tooltip, which opens as if the pointer had just entered (it is
 * over the target). A target that had the focus keeps it.
 */
export const OnDemandTooltip = ({
  children,
  ...props
}: Omit<TooltipProps, 'children'> & { children: ReactElement<TooltipTargetProps> }) => {
  const [isWanted, setIsWanted] = useState(false);
  const hadFocus = useRef(false);
  const isSettled = useRef(false);
  if (!isWanted)
    return cloneElement(children, {
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        children.props.onPointerEnter?.(event);
        hadFocus.current = event.currentTarget === document.activeElement;
        setIsWanted(true);
      },
    });
  // The target is a new element inside the tooltip: once the tooltip listens to it (its effects
  // have run), the focus goes back to it and its mouseenter is played for the pointer over it.
  const settle = (element: HTMLElement | null) => {
    if (!element || isSettled.current) return;
    isSettled.current = true;
    window.setTimeout(() => {
      if (hadFocus.current) element.focus();
      if (element.matches(':hover')) element.dispatchEvent(new MouseEvent('mouseenter'));
    });
  };
  return (
    <Suspense fallback={children}>
      <LazyTooltip {...props}>{cloneElement(children, { ref: settle })}</LazyTooltip>
    </Suspense>
  );
};
