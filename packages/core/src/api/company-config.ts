import { z } from 'zod';

/** The white-label company config of spec section 3, as the console receives it. */
export const companyConfigSchema = z.object({
  company: z.object({
    name: z.string(),
    logoSrc: z.string(),
    favicon: z.string(),
    agency_primary_id: z.number().int(),
    help_and_support: z.boolean(),
    help_and_support_link: z.string(),
  }),
  meta: z.object({ title: z.string() }),
  theme: z.object({
    primaryColor: z.string(),
    hoverColor: z.string(),
    textAgencyColor: z.string(),
    cardBackgroundColor: z.string(),
    navbarColor: z.string(),
  }),
  footer: z.object({ startYear: z.number().int(), text: z.string() }),
});
export type CompanyConfig = z.infer<typeof companyConfigSchema>;
