// A link of the public screens (login, register, documentation...): a real <a href> that navigates
// in place through navigateTo, with or without the signed-in router mounted. Modified clicks
// (new tab, new window) are left to the browser.
import type { ComponentProps, MouseEvent } from 'react';
import { navigateTo } from './app-navigator.ts';

type AppLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

export const AppLink = ({ to, onClick, target, ...rest }: AppLinkProps) => (
  <a
    {...rest}
    href={to}
    target={target}
    onClick={(event) => {
      onClick?.(event);
      if (event.defaultPrevented || !isPlainClick(event) || (target && target !== '_self')) return;
      event.preventDefault();
      navigateTo(to);
    }}
  />
);
