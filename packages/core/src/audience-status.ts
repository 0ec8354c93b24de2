// The audience status lifecycle, written down once as data (like campaign-status.ts). The server
// enforces it: every status write goes through `checkAudienceTransition`, an illegal move is a 400
// and changes nothing; the console reads it to offer only the moves a user may make.
//
//   (create, upload, refresh) ──▶ PROCESSING ──processed (system)──▶ READY
//                                     │                                │
//                                     └──failed (system, reason)──▶ FAILED
//   READY, FAILED ──reprocess (owner: a new upload or a rule refresh)──▶ PROCESSING
//   READY, FAILED ──archive (owner, once no campaign uses it)──▶ ARCHIVED (final: nobody attaches it anew)
//   READY rule audiences are counted again every day by the worker and stay READY meanwhile.
//
// Sides: 'system' moves are made only by the background worker that processes the audience (a user
// cannot declare an audience ready); 'owner' moves by whoever manages the audience (its advertiser,
// the advertiser's agency, admin and co-admin). A PROCESSING audience cannot be archived: its job is
// still writing it; archive it once it is ready or failed.

export const AUDIENCE_STATUSES = ['PROCESSING', 'READY', 'FAILED', 'ARCHIVED'] as const;
export type AudienceStatus = (typeof AUDIENCE_STATUSES)[number];

export const AUDIENCE_STATUS_LABELS = {
  PROCESSING: 'processing',
  READY: 'ready',
  FAILED: 'failed',
  ARCHIVED: 'archived',
} as const satisfies Record<AudienceStatus, string>;

export type AudienceTransitionSide = 'owner' | 'system';
export type AudienceTransition = {
  action: 'processed' | 'failed' | 'reprocess' | 'archive';
  side: AudienceTransitionSide;
  needsReason?: true;
};

export const AUDIENCE_TRANSITIONS = {
  PROCESSING: {
    READY: { action: 'processed', side: 'system' },
    FAILED: { action: 'failed', side: 'system', needsReason: true },
  },
  READY: {
    PROCESSING: { action: 'reprocess', side: 'owner' },
    ARCHIVED: { action: 'archive', side: 'owner' },
  },
  FAILED: {
    PROCESSING: { action: 'reprocess', side: 'owner' },
    ARCHIVED: { action: 'archive', side: 'owner' },
  },
  ARCHIVED: {},
} as const satisfies Record<AudienceStatus, Partial<Record<AudienceStatus, AudienceTransition>>>;

/** Statuses a campaign may newly include or exclude (a processing audience becomes usable when ready). */
export const ATTACHABLE_AUDIENCE_STATUSES = [
  'PROCESSING',
  'READY',
] as const satisfies readonly AudienceStatus[];

export const isAttachableAudienceStatus = (status: AudienceStatus): boolean =>
  (ATTACHABLE_AUDIENCE_STATUSES as readonly AudienceStatus[]).includes(status);

const listText = (statuses: AudienceStatus[]) =>
  statuses.length === 0 ? 'nowhere' : statuses.map((status) => AUDIENCE_STATUS_LABELS[status]).join(', ');

export const AUDIENCE_STATUS_MESSAGES = {
  same: (status: AudienceStatus) => `The audience is already ${AUDIENCE_STATUS_LABELS[status]}.`,
  illegal: (from: AudienceStatus, to: AudienceStatus) =>
    `An audience cannot go from ${AUDIENCE_STATUS_LABELS[from]} to ${AUDIENCE_STATUS_LABELS[to]}. ` +
    `From ${AUDIENCE_STATUS_LABELS[from]} it can go to: ${listText(
      Object.keys(AUDIENCE_TRANSITIONS[from]) as AudienceStatus[],
    )}.`,
  systemOnly: 'An audience becomes ready or failed only when its processing finishes.',
  reasonRequired: 'A failed audience needs the reason it failed.',
  busy: 'The audience is still processing; wait until it is ready or failed.',
  archived: 'An archived audience cannot be changed.',
} as const;

export type AudienceTransitionCheck =
  | { ok: true; transition: AudienceTransition }
  | { ok: false; reason: 'illegal' | 'forbidden' | 'reason-required'; message: string };

export const findAudienceTransition = (
  from: AudienceStatus,
  to: AudienceStatus,
): AudienceTransition | undefined =>
  (AUDIENCE_TRANSITIONS[from] as Partial<Record<AudienceStatus, AudienceTransition>>)[to];

/** Whether `side` may move an audience from `from` to `to` (with `reason` when the move needs one). */
export const checkAudienceTransition = (
  from: AudienceStatus,
  to: AudienceStatus,
  side: AudienceTransitionSide,
  reason?: string | null,
): AudienceTransitionCheck => {
  if (from === to) return { ok: false, reason: 'illegal', message: AUDIENCE_STATUS_MESSAGES.same(from) };
  const transition = findAudienceTransition(from, to);
  if (!transition)
    return { ok: false, reason: 'illegal', message: AUDIENCE_STATUS_MESSAGES.illegal(from, to) };
  if (transition.side !== side)
    return { ok: false, reason: 'forbidden', message: AUDIENCE_STATUS_MESSAGES.systemOnly };
  if (transition.needsReason && !reason?.trim())
    return { ok: false, reason: 'reason-required', message: AUDIENCE_STATUS_MESSAGES.reasonRequired };
  return { ok: true, transition };
};

/** The statuses an owner may move an audience to now (what the console offers). */
export const findOwnerAudienceMoves = (from: AudienceStatus): AudienceStatus[] =>
  (Object.entries(AUDIENCE_TRANSITIONS[from]) as [AudienceStatus, AudienceTransition][])
    .filter(([, transition]) => transition.side === 'owner')
    .map(([to]) => to);
