// Who may see which cost figure. Advertiser cost = media cost + margin (the ledger's margin rule);
// the margin is the platform's take (platform_margin) plus, for an agency's advertiser, the agency's
// (agency_margin), recorded apart at delivery. An advertiser sees only what it pays. An agency sees
// what its advertisers pay and its own take in money, but not the media cost nor the whole margin nor
// the platform's take. (Its own take in money and the rate it set reveal the media cost of the
// advertisers it takes a margin on; that is inherent in showing an agency what it earns.) Admins and
// co-admins see every figure. Servers leave out what a role may not see (reports, their CSV,
// dashboard answers); the console offers only what the server will answer.
import type { Role } from './roles.ts';

export const COST_FIGURES = [
  'advertiser_cost',
  'media_cost',
  'margin',
  'agency_margin',
  'platform_margin',
] as const;
export type CostFigure = (typeof COST_FIGURES)[number];

const VISIBLE: Record<Role, readonly CostFigure[]> = {
  ADMIN: COST_FIGURES,
  'CO-ADMIN': COST_FIGURES,
  AGENCY: ['advertiser_cost', 'agency_margin'],
  ADVERTISER: ['advertiser_cost'],
};

/** Whether a name (a report metric, say) is one of the cost figures. */
export const isCostFigure = (name: string): name is CostFigure =>
  (COST_FIGURES as readonly string[]).includes(name);

export const maySeeCost = (role: Role, figure: CostFigure): boolean => VISIBLE[role].includes(figure);

/** Media cost and margin: the figures behind the advertiser cost, the platform's to see. */
export const maySeeCostBreakdown = (role: Role): boolean =>
  maySeeCost(role, 'media_cost') && maySeeCost(role, 'margin');
