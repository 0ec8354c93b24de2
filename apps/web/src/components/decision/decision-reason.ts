// The reason of an approval decision (campaign exchanges and creative exchanges alike), without
// React (unit-tested): core's rule of both decision bodies — a rejection needs a reason, at most
// REASON_MAX characters — and core's words about it as keys of the `components` namespace.
import { REASON_MAX } from '@console/core/api/campaigns-constants';

export { REASON_MAX };

export type Decision = 'APPROVED' | 'REJECTED';

/** Core's messages about a decision's reason, as `components` keys (interpolate `max`). */
const REASON_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'Give a reason for the rejection.': 'decision.reasonRequired',
  [`A reason is at most ${REASON_MAX} characters.`]: 'decision.reasonTooLong',
};

/** The `components` key of a server's message about the reason, or null for other words. */
export const reasonMessageKey = (message: string): string | null => REASON_MESSAGE_KEYS[message] ?? null;

/**
 * What is wrong with the reason of a decision, as a `components` key, or null when it may be sent.
 * Approvals take no reason; a rejection needs one (blank is none) of at most REASON_MAX characters.
 */
export const reasonErrorKey = (decision: Decision, reason: string): string | null => {
  if (decision !== 'REJECTED') return null;
  const trimmed = reason.trim();
  if (!trimmed) return 'decision.reasonRequired';
  return trimmed.length > REASON_MAX ? 'decision.reasonTooLong' : null;
};
