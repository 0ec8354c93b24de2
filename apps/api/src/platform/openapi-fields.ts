// Descriptions of the fields the whole API shares, by name, for the API document. Names carry their
// meaning across modules (`_micros` is money, `_id` an id, `status` a lifecycle state), so one
// glossary describes them everywhere, also in modules yet to come. A schema's own `.describe()`
// wins; a field the glossary cannot describe keeps none, and the document test lists money, id and
// status fields left without one.

const MICRO_UNITS = 'in micro-units: 1 USD = 1,000,000';

const EXACT: Record<string, string> = {
  success: 'true for an answer, false for an error',
  message: 'A sentence for the user',
  error_code: 'The HTTP status of the error',
  errors: "A message per invalid field, keyed by the field's path (dots between levels)",
  data: 'The answer itself',
  items: 'The rows of this page',
  total: 'How many rows match in all',
  total_exact: 'false: there are at least `total` rows (the count stops at a cap)',
  total_is_estimate: 'true: `total` is an estimate (about that many), from the first rows in order',
  page: 'Page number, from 1',
  limit: 'Rows per page',
  q: 'Search text',
  sort: 'The column to sort by',
  order: 'Sort direction: asc or desc',
  _id: 'The public id of the object (text)',
  id: 'The numeric id of the object',
  user_primary_id: "The user's numeric id (user_primary_id)",
  role: "The user's role: ADMIN, CO-ADMIN, AGENCY or ADVERTISER",
  status: "The object's status; the values are those of the enum",
  state: 'Approval on one exchange: PENDING, APPROVED or REJECTED',
  email: 'E-mail address',
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company name',
  token: 'The bearer token to send as Authorization: Bearer {token}',
  expires_in: 'Seconds until the token expires',
  otp: 'The 6-digit code from the e-mail',
  time_zone: 'IANA time zone of the flight dates, e.g. Europe/Rome',
  price_model: 'What the bid buys: CPM (1,000 impressions), CPC (a click) or CPA (an action)',
  pacing: 'How the budget is spent: EVEN over the flight, or ASAP',
  qps_limit: 'Most bid requests per second sent to the DSP',
  margin_bps: 'Margin in basis points: 100 = 1%',
  latency_ms: 'Round-trip time in milliseconds',
  dsp_name: 'The name of the DSP connection',
  campaign_associate_id: "The campaign's id in the upstream DSP named by dsp_name",
  creative_associate_id: "The creative's id in the upstream DSP named by dsp_name",
  credentials_hint: 'Each credential as a hint (the last characters of a secret), never the secret itself',
  reason: 'Why (required when rejecting)',
  rejection_reason: 'Why the exchange rejected it',
  mode: 'How the list applies: allow or block (inventory), include or exclude (audiences)',
};

const human = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const USER_IDS = new Set(['user', 'advertiser', 'agency', 'admin', 'co admin', 'parent user']);

/** A description for a field of this name, or undefined when the name says too little. */
export const describeField = (name: string): string | undefined => {
  const exact = EXACT[name];
  if (exact) return exact;
  const money = name.match(/^(.+)_micros$/);
  if (money) return `${sentence(human(money[1] ?? ''))} ${MICRO_UNITS}`;
  const ids = name.match(/^(.+)_ids$/);
  if (ids) return `Ids of the chosen ${human(ids[1] ?? '')}s`;
  const id = name.match(/^(.+?)(_id|Id)$/);
  if (id) {
    const thing = human(id[1] ?? '');
    return USER_IDS.has(thing) ? `The ${thing}'s user_primary_id` : `The ${thing}'s id`;
  }
  const status = name.match(/^(.+)_status$/);
  if (status) return `Status of the ${human(status[1] ?? '')}`;
  const state = name.match(/^(.+)_state$/);
  if (state) return `Approval state on the ${human(state[1] ?? '')}: PENDING, APPROVED or REJECTED`;
  if (/(_at|At)$/.test(name))
    return `${sentence(human(name.replace(/(_at|At)$/, '')))} time, ISO 8601 in UTC`;
  return undefined;
};

type JsonSchema = { [key: string]: unknown };
const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null;

/** The JSON schema with a description on every property the glossary knows and that has none. */
export const describeFields = <T>(schema: T): T => {
  if (Array.isArray(schema)) return schema.map(describeFields) as T;
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, property]) => {
          const described = describeFields(property);
          const text = describeField(name);
          return [
            name,
            isObject(described) && !described.description && text
              ? { ...described, description: text }
              : described,
          ];
        }),
      );
    } else out[key] = describeFields(value);
  }
  return out as T;
};
