// Schemas of reports (spec sections 2, 3 and 7): typed reports and the admin's
// multi-dimensional one, their generation status, result pages, quick summaries, CSV download links
// and the conversion event config whose events become columns named E{n}-{name}.
import { z } from 'zod';
import { timeZoneSchema } from '../validation/time-zone.ts';
import { pageQuery } from './common.ts';
import {
  REPORT_DIMENSIONS,
  REPORT_MAX_DAYS,
  REPORT_MAX_EVENT_COLUMNS,
  REPORT_METRICS,
  REPORT_SCHEDULES,
  REPORT_STATUSES,
  REPORT_TYPE_RULES,
  REPORT_TYPES,
} from './reports-constants.ts';

export * from './reports-constants.ts';

/** event1, event2, ... or event_{name} (spec section 3). */
export const EVENT_KEY_PATTERN = /^(event[1-9][0-9]{0,2}|event_[a-z0-9_]{1,40})$/;
/** The column label of an event: E{n}-{name}, n its place in the user's event config (1-based). */
export const eventColumnLabel = (position: number, eventName: string) => `E${position}-${eventName}`;

const isoDay = (label: string) =>
  z
    .string(`Give the ${label} date.`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${label} date must look like 2026-01-31.`)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      `The ${label} date is not a real date.`,
    );

const id = (label: string) =>
  z.coerce
    .number(`Give the ${label} id.`)
    .int(`The ${label} id is a whole number.`)
    .min(1, `The ${label} id is a positive number.`)
    .max(2_147_483_647, `The ${label} id is too large.`);

export const reportIdParams = z.object({ id: id('report') });

export const reportFilters = z
  .object({
    advertiser_ids: z.array(id('advertiser')).max(500, 'At most 500 advertisers.').optional(),
    campaign_ids: z.array(id('campaign')).max(500, 'At most 500 campaigns.').optional(),
    exchange_ids: z.array(id('exchange')).max(200, 'At most 200 exchanges.').optional(),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'Countries are two-letter codes like US.'))
      .max(300, 'At most 300 countries.')
      .optional(),
  })
  .strict();

const reportName = z
  .string('Give the report a name.')
  .trim()
  .min(1, 'Give the report a name.')
  .max(120, 'A report name has at most 120 characters.');

const reportFields = z.object({
  name: reportName,
  report_type: z.enum(REPORT_TYPES, 'Choose a report type.'),
  dimensions: z
    .array(z.enum(REPORT_DIMENSIONS, 'Unknown dimension.'), 'Choose the dimensions.')
    .min(1, 'Choose at least one dimension.')
    .max(6, 'At most 6 dimensions.')
    .transform((list) => [...new Set(list)]),
  metrics: z
    .array(z.enum(REPORT_METRICS, 'Unknown metric.'), 'Choose the metrics.')
    .min(1, 'Choose at least one metric.')
    .transform((list) => [...new Set(list)]),
  event_columns: z
    .array(z.string().regex(EVENT_KEY_PATTERN, 'Event columns are event1, event2, ... or event_{name}.'))
    .max(REPORT_MAX_EVENT_COLUMNS, `At most ${REPORT_MAX_EVENT_COLUMNS} event columns.`)
    .default([])
    .transform((list) => [...new Set(list)]),
  date_from: isoDay('start'),
  date_to: isoDay('end'),
  time_zone: timeZoneSchema
    .default('UTC')
    .describe(
      "The IANA zone the days are in, and the day and hour dimensions (the console sends the user's).",
    ),
  filters: reportFilters.default({}),
  schedule: z.enum(REPORT_SCHEDULES, 'Choose never, daily or weekly.').default('NONE'),
  schedule_email: z.email('Give a valid e-mail address.').max(254).nullable().optional(),
});

type ReportFieldsOut = z.output<typeof reportFields>;

/** Rules across fields: the date range, the type's required dimensions, a schedule's address. */
const checkReport = (body: ReportFieldsOut, ctx: z.RefinementCtx) => {
  if (body.date_to < body.date_from)
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'The end date is before the start date.' });
  const days = (Date.parse(body.date_to) - Date.parse(body.date_from)) / 86_400_000 + 1;
  if (days > REPORT_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['date_to'],
      message: `A report covers at most ${REPORT_MAX_DAYS} days.`,
    });
  const missing = REPORT_TYPE_RULES[body.report_type].required.filter((d) => !body.dimensions.includes(d));
  if (missing.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: ['dimensions'],
      message: `This report type needs the dimension ${missing.join(', ')}.`,
    });
  if (body.dimensions.includes('day') && body.dimensions.includes('hour'))
    ctx.addIssue({ code: 'custom', path: ['dimensions'], message: 'Choose day or hour, not both.' });
  if (body.schedule !== 'NONE' && !body.schedule_email)
    ctx.addIssue({
      code: 'custom',
      path: ['schedule_email'],
      message: 'Give the e-mail address to send it to.',
    });
};

export const reportCreateBody = reportFields
  .extend({
    advertiser_id: id('advertiser')
      .optional()
      .describe(
        'An agency, admin or co-admin may make the report for one of its advertisers (their data only).',
      ),
  })
  .superRefine(checkReport);
export type ReportCreateBody = z.output<typeof reportCreateBody>;

export const reportUpdateBody = reportFields.superRefine(checkReport);
export type ReportUpdateBody = z.output<typeof reportUpdateBody>;

export const REPORT_SORTS = ['name', 'report_type', 'status', 'created_at', 'updated_at'] as const;
export const reportListQuery = pageQuery.extend({
  sort: z.enum(REPORT_SORTS, 'Unknown sort.').default('updated_at'),
  order: z.enum(['asc', 'desc'], 'Order is asc or desc.').default('desc'),
  report_type: z.enum(REPORT_TYPES, 'Unknown report type.').optional(),
  status: z.enum(REPORT_STATUSES, 'Unknown status.').optional(),
});
export type ReportListQuery = z.output<typeof reportListQuery>;

export const reportListItem = z.object({
  report_id: z.number().int(),
  name: z.string(),
  report_type: z.enum(REPORT_TYPES),
  status: z.enum(REPORT_STATUSES).describe('DRAFT -> QUEUED -> RUNNING -> READY | FAILED'),
  progress: z.number().int().describe('0 to 100 while generating'),
  date_from: z.string(),
  date_to: z.string(),
  time_zone: z.string(),
  row_count: z.number().int().nullable(),
  owner: z.object({ user_primary_id: z.number().int(), email: z.string(), companyName: z.string() }),
  generated_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReportListItem = z.infer<typeof reportListItem>;

export const reportColumn = z.object({
  key: z.string().describe('dimension, metric or event key'),
  label: z
    .string()
    .describe('Event columns read E{n}-{name}; others are the key (the console translates them).'),
  kind: z.enum(['dimension', 'metric', 'event']),
});
export type ReportColumn = z.infer<typeof reportColumn>;

export const reportTotals = z.object({
  impressions: z.number().int(),
  clicks: z.number().int(),
  advertiser_cost_micros: z.number().int(),
});

export const reportDetail = reportListItem.extend({
  dimensions: z.array(z.enum(REPORT_DIMENSIONS)),
  metrics: z.array(z.enum(REPORT_METRICS)),
  event_columns: z.array(z.string()),
  filters: reportFilters,
  schedule: z.enum(REPORT_SCHEDULES),
  schedule_email: z.string().nullable(),
  failure_reason: z.string().nullable(),
  columns: z.array(reportColumn),
  data_changed: z
    .object({ in_report: reportTotals, now: reportTotals })
    .nullable()
    .describe(
      'A READY report whose range has different delivery now than when it was generated (newer hours, late notices): regenerate it to include them. Null otherwise.',
    ),
});
export type ReportDetail = z.infer<typeof reportDetail>;

export const reportRowsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const reportRowsPage = z.object({
  columns: z.array(reportColumn),
  rows: z.array(z.array(z.union([z.string(), z.number()]))),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ReportRowsPage = z.infer<typeof reportRowsPage>;

/** generatebasic: the totals of a report's range and filters, answered at once. */
export const reportSummary = z.object({
  impressions: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  bids: z.number().int(),
  wins: z.number().int(),
  spend_micros: z.number().int(),
  media_cost_micros: z
    .number()
    .int()
    .nullable()
    .describe('media cost in micro-units; null for a viewer other than admin and co-admin'),
  margin_micros: z
    .number()
    .int()
    .nullable()
    .describe(
      'spend less media cost (the margins) in micro-units; null for a viewer other than admin and co-admin',
    ),
  agency_margin_micros: z
    .number()
    .int()
    .nullable()
    .describe("the agencies' part of the margin in micro-units; null for an advertiser"),
  platform_margin_micros: z
    .number()
    .int()
    .nullable()
    .describe(
      "the platform's part of the margin in micro-units; null for a viewer other than admin and co-admin",
    ),
  ctr: z.number().describe('percent'),
  ecpm_micros: z.number().int(),
});
export type ReportSummary = z.infer<typeof reportSummary>;

/** A CSV download: the client fetches the URL (with its token) and saves the file. */
export const csvDownload = z.object({
  csv_download_url: z.string(),
  file_name: z.string(),
});
export type CsvDownload = z.infer<typeof csvDownload>;

export const runningAppsBody = z
  .object({
    date_from: isoDay('start').optional(),
    date_to: isoDay('end').optional(),
    campaign_ids: z.array(id('campaign')).max(500, 'At most 500 campaigns.').optional(),
    file_name: z
      .string()
      .regex(
        /^[\w\- .]{1,100}\.csv$/,
        'The file name ends in .csv and uses letters, digits, spaces, - and _.',
      )
      .optional(),
  })
  .refine((body) => !body.date_from || !body.date_to || body.date_from <= body.date_to, {
    path: ['date_to'],
    message: 'The end date is before the start date.',
  });

export const eventConfigItem = z.object({
  key: z.string().regex(EVENT_KEY_PATTERN, 'Event keys are event1, event2, ... or event_{name}.'),
  event_name: z
    .string('Give the event a name.')
    .trim()
    .min(1, 'Give the event a name.')
    .max(60, 'An event name has at most 60 characters.'),
  event_status: z.enum(['ACTIVE', 'INACTIVE'], 'Choose active or inactive.'),
});
export type EventConfigItem = z.infer<typeof eventConfigItem>;
export const eventConfigBody = z.object({
  events: z
    .array(eventConfigItem)
    .max(50, 'At most 50 events.')
    .refine((list) => new Set(list.map((e) => e.key)).size === list.length, 'Each event key once.'),
});
export const eventConfigView = z.array(eventConfigItem.extend({ label: z.string() }));
