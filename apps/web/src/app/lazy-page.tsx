import { type ReactNode, Suspense } from 'react';
import { PageSpinner } from './page-spinner.tsx';

/** A lazily loaded screen: the spinner until its chunk is in. */
export const Lazy = ({ children, fullScreen = false }: { children: ReactNode; fullScreen?: boolean }) => (
  <Suspense fallback={<PageSpinner fullScreen={fullScreen} />}>{children}</Suspense>
);
