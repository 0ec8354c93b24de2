// The campaign status lifecycle, written down once as data: which status may follow which, who may
// make the move, and what the move is called. The server enforces it (an illegal move is a 400 and
// changes nothing); the console reads it to offer only the moves a user may make.
//
//   DRAFT ──submit──▶ PENDING_APPROVAL ──approve (admin)──▶ ACTIVE ◀──pause/resume──▶ PAUSED
//                            │                                 │                        │
//                            └──reject (admin, reason)──▶ REJECTED ──revise──▶ DRAFT    │
//                                                     ACTIVE, PAUSED ──complete──▶ COMPLETED
//   every status but ARCHIVED ──archive──▶ ARCHIVED (final)
//
// Sides: 'owner' moves may be made by whoever manages the campaign (its advertiser, the advertiser's
// agency, admin and co-admin); 'admin' moves only by ADMIN and CO-ADMIN (approval and rejection).
// Per-exchange approval drives the same two admin moves: approving any exchange of a pending campaign
// makes it ACTIVE; rejecting all of its exchanges makes it REJECTED with their reasons.
import type { Role } from './roles.ts';

export const CAMPAIGN_STATUSES = [
  'DRAFT',
  'PENDING_APPROVAL',
  'ACTIVE',
  'PAUSED',
  'COMPLETED',
  'REJECTED',
  'ARCHIVED',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_LABELS = {
  DRAFT: 'draft',
  PENDING_APPROVAL: 'pending approval',
  ACTIVE: 'active',
  PAUSED: 'paused',
  COMPLETED: 'completed',
  REJECTED: 'rejected',
  ARCHIVED: 'archived',
} as const satisfies Record<CampaignStatus, string>;

export type TransitionSide = 'owner' | 'admin';
export type TransitionAction =
  | 'submit'
  | 'approve'
  | 'reject'
  | 'pause'
  | 'resume'
  | 'complete'
  | 'revise'
  | 'archive';
export type Transition = {
  action: TransitionAction;
  side: TransitionSide;
  /** The move must carry a reason (shown to the advertiser). */
  needsReason?: true;
};

const archive: Transition = { action: 'archive', side: 'owner' };

/** From-status -> allowed to-statuses, each with its action and who may make it. */
export const CAMPAIGN_TRANSITIONS = {
  DRAFT: {
    PENDING_APPROVAL: { action: 'submit', side: 'owner' },
    ARCHIVED: archive,
  },
  PENDING_APPROVAL: {
    ACTIVE: { action: 'approve', side: 'admin' },
    REJECTED: { action: 'reject', side: 'admin', needsReason: true },
    ARCHIVED: archive,
  },
  ACTIVE: {
    PAUSED: { action: 'pause', side: 'owner' },
    COMPLETED: { action: 'complete', side: 'owner' },
    ARCHIVED: archive,
  },
  PAUSED: {
    ACTIVE: { action: 'resume', side: 'owner' },
    COMPLETED: { action: 'complete', side: 'owner' },
    ARCHIVED: archive,
  },
  COMPLETED: { ARCHIVED: archive },
  REJECTED: {
    DRAFT: { action: 'revise', side: 'owner' },
    ARCHIVED: archive,
  },
  ARCHIVED: {},
} as const satisfies Record<CampaignStatus, Partial<Record<CampaignStatus, Transition>>>;

/** Statuses in which the campaign's settings may be edited (PUT, bulk edits). */
export const EDITABLE_CAMPAIGN_STATUSES = [
  'DRAFT',
  'PENDING_APPROVAL',
  'ACTIVE',
  'PAUSED',
  'REJECTED',
] as const satisfies readonly CampaignStatus[];

/** Statuses whose exchanges are in the admin's approval queue (submitted and not finished). */
export const REVIEWABLE_CAMPAIGN_STATUSES = [
  'PENDING_APPROVAL',
  'ACTIVE',
  'PAUSED',
] as const satisfies readonly CampaignStatus[];

export const EXCHANGE_APPROVAL_STATES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ExchangeApprovalState = (typeof EXCHANGE_APPROVAL_STATES)[number];

export const isEditableStatus = (status: CampaignStatus): boolean =>
  (EDITABLE_CAMPAIGN_STATUSES as readonly CampaignStatus[]).includes(status);

/** The side a role acts on: ADMIN and CO-ADMIN may make every move, everyone else owner moves. */
export const sideOfRole = (role: Role): TransitionSide =>
  role === 'ADMIN' || role === 'CO-ADMIN' ? 'admin' : 'owner';

export const findTransition = (from: CampaignStatus, to: CampaignStatus): Transition | undefined =>
  (CAMPAIGN_TRANSITIONS[from] as Partial<Record<CampaignStatus, Transition>>)[to];

export const canSideMake = (side: TransitionSide, transition: Transition): boolean =>
  transition.side === 'owner' || side === 'admin';

/** The statuses a role may move a campaign to from `from` (what the console offers). */
export const findNextStatuses = (from: CampaignStatus, role: Role): CampaignStatus[] =>
  (Object.entries(CAMPAIGN_TRANSITIONS[from]) as [CampaignStatus, Transition][])
    .filter(([, transition]) => canSideMake(sideOfRole(role), transition))
    .map(([to]) => to);

const listText = (statuses: CampaignStatus[]) =>
  statuses.length === 0 ? 'nowhere' : statuses.map((status) => CAMPAIGN_STATUS_LABELS[status]).join(', ');

export const CAMPAIGN_STATUS_MESSAGES = {
  same: (status: CampaignStatus) => `The campaign is already ${CAMPAIGN_STATUS_LABELS[status]}.`,
  illegal: (from: CampaignStatus, to: CampaignStatus) =>
    `A campaign cannot go from ${CAMPAIGN_STATUS_LABELS[from]} to ${CAMPAIGN_STATUS_LABELS[to]}. ` +
    `From ${CAMPAIGN_STATUS_LABELS[from]} it can go to: ${listText(
      Object.keys(CAMPAIGN_TRANSITIONS[from]) as CampaignStatus[],
    )}.`,
  adminOnly: 'Only an admin or co-admin can approve or reject a campaign.',
  reasonRequired: 'Give a reason for the rejection.',
  notEditable: (status: CampaignStatus) => {
    const label = CAMPAIGN_STATUS_LABELS[status];
    return `${/^[aeiou]/i.test(label) ? 'An' : 'A'} ${label} campaign cannot be edited.`;
  },
} as const;

export type TransitionCheck =
  | { ok: true; transition: Transition }
  | { ok: false; reason: 'illegal' | 'forbidden' | 'reason-required'; message: string };

/** Whether `role` may move a campaign from `from` to `to` (with `reason` when the move needs one). */
export const checkTransition = (
  from: CampaignStatus,
  to: CampaignStatus,
  role: Role,
  reason?: string | null,
): TransitionCheck => {
  if (from === to) return { ok: false, reason: 'illegal', message: CAMPAIGN_STATUS_MESSAGES.same(from) };
  const transition = findTransition(from, to);
  if (!transition)
    return { ok: false, reason: 'illegal', message: CAMPAIGN_STATUS_MESSAGES.illegal(from, to) };
  if (!canSideMake(sideOfRole(role), transition))
    return { ok: false, reason: 'forbidden', message: CAMPAIGN_STATUS_MESSAGES.adminOnly };
  if (transition.needsReason && !reason?.trim())
    return { ok: false, reason: 'reason-required', message: CAMPAIGN_STATUS_MESSAGES.reasonRequired };
  return { ok: true, transition };
};

/**
 * A campaign's rejection reason once every exchange rejected it: "<exchange>: <reason>; ..." in the
 * order given, each reason without its own final stop ("fees; PubMatic", not "fees.; PubMatic").
 */
export const joinRejectionReasons = (entries: readonly { name: string; reason: string | null }[]): string =>
  entries.map((entry) => `${entry.name}: ${(entry.reason ?? '').replace(/[\s.;]+$/, '')}`).join('; ');
