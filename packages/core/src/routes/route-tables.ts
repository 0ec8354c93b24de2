// Every role's route table, keyed by role.
import type { Role } from '../roles.ts';
import { ADMIN_ROUTES } from './admin-routes.ts';
import { ADVERTISER_ROUTES } from './advertiser-routes.ts';
import { AGENCY_ROUTES } from './agency-routes.ts';
import { CO_ADMIN_ROUTES } from './co-admin-routes.ts';
import type { RouteDef } from './route-types.ts';

export const ROUTE_TABLES = {
  ADVERTISER: ADVERTISER_ROUTES,
  AGENCY: AGENCY_ROUTES,
  ADMIN: ADMIN_ROUTES,
  'CO-ADMIN': CO_ADMIN_ROUTES,
} as const satisfies Record<Role, readonly RouteDef[]>;
