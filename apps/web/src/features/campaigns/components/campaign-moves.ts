// The status moves a screen offers for a campaign, read from core's lifecycle table
// (campaign-status.ts): the detail answer's `next_statuses`, or for a list row the table itself for
// the signed-in role. Pure, so that the order and the danger flags are unit-tested.
import {
  type CampaignStatus,
  findNextStatuses,
  findTransition,
  type TransitionAction,
} from '@console/core/campaign-status';
import type { Role } from '@console/core/roles';

export type CampaignMove = {
  to: CampaignStatus;
  action: TransitionAction;
  /** Ends or hides the campaign's delivery for good (red button, dialog in red). */
  danger: boolean;
  /** The move must carry a reason (reject). */
  needsReason: boolean;
};

/** Moves that stop a campaign for good or refuse it. */
const DANGEROUS: readonly TransitionAction[] = ['archive', 'complete', 'reject'];

/** Whether `action` stops a campaign for good or refuses it (shown in red, confirmed in red). */
export const isDangerousMove = (action: TransitionAction): boolean => DANGEROUS.includes(action);
/** The order the moves are offered in: the everyday ones first, archive last. */
const ORDER: readonly TransitionAction[] = [
  'submit',
  'approve',
  'resume',
  'pause',
  'revise',
  'reject',
  'complete',
  'archive',
];

/** The moves from `from` to each of `nextStatuses` (unknown moves are dropped), in a stable order. */
export const movesOf = (from: CampaignStatus, nextStatuses: readonly CampaignStatus[]): CampaignMove[] =>
  nextStatuses
    .flatMap((to) => {
      const transition = findTransition(from, to);
      if (!transition) return [];
      return [
        {
          to,
          action: transition.action,
          danger: isDangerousMove(transition.action),
          needsReason: transition.needsReason === true,
        },
      ];
    })
    .sort((a, b) => ORDER.indexOf(a.action) - ORDER.indexOf(b.action));

/** The moves `role` may make from `from` (list rows, which carry no `next_statuses`). */
export const movesForRole = (from: CampaignStatus, role: Role | null | undefined): CampaignMove[] =>
  role ? movesOf(from, findNextStatuses(from, role)) : [];
