// Schemas of agency administration: the agency list and the white-label company config editor.
import { z } from 'zod';
import { DOMAIN_MESSAGE, HEX_COLOR_MESSAGE } from '../validation/field-messages.ts';
import { pageQuery } from './common.ts';

export { DOMAIN_MESSAGE, HEX_COLOR_MESSAGE };

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, HEX_COLOR_MESSAGE);
/** A link or an uploaded file's path ('/media/...'); empty means none. */
const assetRef = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => value === '' || value.startsWith('/') || /^https:\/\/[^\s]+$/.test(value),
    'Use an uploaded file or an https:// link.',
  );

export const companyConfigEditSchema = z
  .object({
    name: z.string().trim().min(1, 'The company name is required.').max(100),
    logoSrc: assetRef,
    favicon: assetRef,
    help_and_support: z.boolean(),
    help_and_support_link: z.string().trim().max(500),
    meta_title: z.string().trim().max(100),
    theme: z.object({
      primaryColor: hexColor,
      hoverColor: hexColor,
      textAgencyColor: hexColor,
      cardBackgroundColor: hexColor,
      navbarColor: hexColor,
    }),
    footer: z.object({
      startYear: z
        .number()
        .int()
        .min(1990, 'Choose a year from 1990.')
        .max(2100, 'Choose a year up to 2100.'),
      text: z.string().trim().max(200),
    }),
    custom_domain: z
      .string()
      .trim()
      .toLowerCase()
      .max(253)
      .regex(/^$|^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, DOMAIN_MESSAGE),
  })
  .refine((value) => !value.help_and_support || /^https?:\/\/\S+$/.test(value.help_and_support_link), {
    message: 'Help & Support needs a link starting with http:// or https://.',
    path: ['help_and_support_link'],
  });
export type CompanyConfigEdit = z.infer<typeof companyConfigEditSchema>;

export const agencyListQuery = pageQuery.extend({
  sort: z.enum(['companyName', 'email', 'createdAt', 'advertisers']).default('companyName'),
  order: z.enum(['asc', 'desc']).default('asc'),
  status: z.enum(['PENDING', 'ACTIVE', 'INACTIVE']).optional(),
});

export const agencyListItem = z.object({
  user_primary_id: z.number().int(),
  email: z.string(),
  companyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.string(),
  advertisers: z.number().int(),
  custom_domain: z.string().nullable(),
  createdAt: z.string(),
});
