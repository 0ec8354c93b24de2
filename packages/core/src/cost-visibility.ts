// Who may see which cost figure. Advertiser cost = media cost + margin (the ledger's margin rule);
// the margin is the platform's take plus, for an agency's advertiser, the agency's. An advertiser sees
// only what it pays. An agency sees what its advertisers pay and sets its own take, but not the media
// cost: the media cost beside the advertiser cost and its own margins would give away the platform's.
// Admins and co-admins see all three. Servers leave out what a role may not see (reports, their CSV,
// dashboard answers); the console offers only what the server will answer.
import type { Role } from './roles.ts';

export const COST_FIGURES = ['advertiser_cost', 'media_cost', 'margin'] as const;
export type CostFigure = (typeof COST_FIGURES)[number];

const VISIBLE: Record<Role, readonly CostFigure[]> = {
  ADMIN: COST_FIGURES,
  'CO-ADMIN': COST_FIGURES,
  AGENCY: ['advertiser_cost'],
  ADVERTISER: ['advertiser_cost'],
};

export const maySeeCost = (role: Role, figure: CostFigure): boolean => VISIBLE[role].includes(figure);

/** Media cost and margin: the figures behind the advertiser cost, the platform's to see. */
export const maySeeCostBreakdown = (role: Role): boolean =>
  maySeeCost(role, 'media_cost') && maySeeCost(role, 'margin');
