// The OpenRTB 2.6 BidRequest as the bidder reads it: only the fields it honours are typed and
// checked (objects stay loose, so unknown and extension fields pass through untouched). A request
// that is not OpenRTB (no id, no imp, an imp without banner/video/native/audio, a field of the wrong
// type) is refused with a short reason and the OpenRTB no-bid reason code 2 (invalid request).
// The IAB's 2.6 types (iab-openrtb, iab-adcom) are types only, with no validation, and they type
// every list value as the union of the values it knows: a request read as such would have to refuse
// the newer values exchanges send (a battr of a later list). So zod validates and reads lists as
// numbers here; the answers we write (bid-response.ts, native-markup.ts) use the IAB's types.
import { z } from 'zod';

/** OpenRTB 2.x "No-Bid Reason Codes" (list 5.24 of 2.6) that this bidder sends. */
export const NO_BID_REASONS = {
  unknown: 0,
  technical: 1,
  invalidRequest: 2,
  webSpider: 3,
  unsupportedDevice: 6,
  blockedPublisher: 7,
} as const;

const str = z.string();
const strList = z.array(z.string());
const intList = z.array(z.number().int());
const flag = z.union([z.literal(0), z.literal(1)]);
const nonNegative = z.number().nonnegative();

const format = z.looseObject({ w: z.number().int().optional(), h: z.number().int().optional() });

const banner = z.looseObject({
  w: z.number().int().optional(),
  h: z.number().int().optional(),
  format: z.array(format).optional(),
  battr: intList.optional(),
  btype: intList.optional(),
  mimes: strList.optional(),
});

const video = z.looseObject({
  mimes: strList.optional(),
  minduration: z.number().int().optional(),
  maxduration: z.number().int().optional(),
  protocols: intList.optional(),
  protocol: z.number().int().optional(),
  w: z.number().int().optional(),
  h: z.number().int().optional(),
  battr: intList.optional(),
  linearity: z.number().int().optional(),
  /** 2.6 placement subtype (AdCOM Plcmt Subtypes - Video). */
  plcmt: z.number().int().optional(),
  /** 2.5 placement type (deprecated in 2.6). */
  placement: z.number().int().optional(),
});

const native = z.looseObject({
  /** The Native 1.2 request, as a JSON string (OpenRTB 2.6 3.2.9). */
  request: str,
  ver: str.optional(),
  battr: intList.optional(),
});

const audio = z.looseObject({ mimes: strList.optional() });

const deal = z.looseObject({
  id: str,
  bidfloor: nonNegative.optional(),
  bidfloorcur: str.optional(),
  at: z.number().int().optional(),
  wseat: strList.optional(),
  wadomain: strList.optional(),
});

/** An exchange's prediction about the imp (2.6 3.2.5): viewability is type "viewability", 0 to 1. */
const metric = z.looseObject({ type: str, value: z.number(), vendor: str.optional() });

const imp = z.looseObject({
  id: str.min(1),
  banner: banner.optional(),
  video: video.optional(),
  audio: audio.optional(),
  native: native.optional(),
  pmp: z.looseObject({ private_auction: flag.optional(), deals: z.array(deal).optional() }).optional(),
  bidfloor: nonNegative.optional(),
  bidfloorcur: str.optional(),
  instl: flag.optional(),
  secure: flag.optional(),
  tagid: str.optional(),
  metric: z.array(metric).optional(),
});

const publisher = z.looseObject({ id: str.optional(), name: str.optional(), domain: str.optional() });

/** The content the ad would show beside (its categories are brand-safety exclusions). */
const content = z.looseObject({ cat: strList.optional() });

const site = z.looseObject({
  id: str.optional(),
  domain: str.optional(),
  page: str.optional(),
  cat: strList.optional(),
  sectioncat: strList.optional(),
  pagecat: strList.optional(),
  content: content.optional(),
  publisher: publisher.optional(),
});

const app = z.looseObject({
  id: str.optional(),
  bundle: str.optional(),
  domain: str.optional(),
  cat: strList.optional(),
  sectioncat: strList.optional(),
  pagecat: strList.optional(),
  content: content.optional(),
  publisher: publisher.optional(),
});

const geo = z.looseObject({
  lat: z.number().optional(),
  lon: z.number().optional(),
  country: str.optional(),
  region: str.optional(),
  city: str.optional(),
});

const device = z.looseObject({
  ua: str.optional(),
  geo: geo.optional(),
  ip: str.optional(),
  devicetype: z.number().int().optional(),
  make: str.optional(),
  model: str.optional(),
  os: str.optional(),
  osv: str.optional(),
  language: str.optional(),
  carrier: str.optional(),
  mccmnc: str.optional(),
  ifa: str.optional(),
  lmt: flag.optional(),
  dnt: flag.optional(),
});

const user = z.looseObject({
  id: str.optional(),
  buyeruid: str.optional(),
  geo: geo.optional(),
  consent: str.optional(),
});

const regs = z.looseObject({
  coppa: flag.optional(),
  gdpr: flag.optional(),
  us_privacy: str.optional(),
  gpp: str.optional(),
  gpp_sid: intList.optional(),
  ext: z.looseObject({ gdpr: flag.optional(), us_privacy: str.optional() }).optional(),
});

export const bidRequestSchema = z.looseObject({
  id: str.min(1),
  imp: z.array(imp).min(1),
  site: site.optional(),
  app: app.optional(),
  device: device.optional(),
  user: user.optional(),
  test: flag.optional(),
  at: z.number().int().optional(),
  tmax: z.number().int().nonnegative().optional(),
  wseat: strList.optional(),
  bseat: strList.optional(),
  cur: strList.optional(),
  bcat: strList.optional(),
  badv: strList.optional(),
  bapp: strList.optional(),
  regs: regs.optional(),
});

export type BidRequest = z.infer<typeof bidRequestSchema>;
export type Imp = BidRequest['imp'][number];
export type Deal = NonNullable<NonNullable<Imp['pmp']>['deals']>[number];

export type ParsedBidRequest =
  | { ok: true; request: BidRequest }
  | { ok: false; reason: string; nbr: number; id?: string };

const pathText = (path: PropertyKey[]) =>
  path.reduce<string>(
    (text, part) =>
      typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part),
    '',
  );

/** Validates a decoded JSON body as a BidRequest; the reason names the first broken field. */
export const parseBidRequest = (body: unknown): ParsedBidRequest => {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return {
      ok: false,
      reason: 'The bid request must be a JSON object.',
      nbr: NO_BID_REASONS.invalidRequest,
    };
  const parsed = bidRequestSchema.safeParse(body);
  const rawId = (body as { id?: unknown }).id;
  const id = typeof rawId === 'string' && rawId !== '' ? rawId : undefined;
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = pathText(issue.path) || 'request';
    const reason =
      issue.path.length === 1 && (issue.path[0] === 'id' || issue.path[0] === 'imp')
        ? `The bid request has no ${String(issue.path[0])}.`
        : `${where}: ${issue.message}`;
    return { ok: false, reason, nbr: NO_BID_REASONS.invalidRequest, ...(id ? { id } : {}) };
  }
  const request = parsed.data;
  for (const [index, item] of request.imp.entries()) {
    if (!item.banner && !item.video && !item.native && !item.audio) {
      return {
        ok: false,
        reason: `imp[${index}] has none of banner, video, native or audio.`,
        nbr: NO_BID_REASONS.invalidRequest,
        id: request.id,
      };
    }
  }
  const impIds = new Set(request.imp.map((item) => item.id));
  if (impIds.size !== request.imp.length)
    return { ok: false, reason: 'Two imps share an id.', nbr: NO_BID_REASONS.invalidRequest, id: request.id };
  return { ok: true, request };
};
