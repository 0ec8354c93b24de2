// The route-table entry of the page being shown (title key, breadcrumb, feature), for the page
// frame and the layout. Provided by the router around every authenticated page.
import type { RouteDef } from '@console/core/routes/route-types';
import { createContext, useContext } from 'react';

export const CurrentRouteContext = createContext<RouteDef | null>(null);

export const useCurrentRoute = (): RouteDef | null => useContext(CurrentRouteContext);
