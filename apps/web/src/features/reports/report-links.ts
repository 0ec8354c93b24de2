// Links to the report pages of the signed-in role (its route table decides the paths); null when
// the role has no such page.
import type { ReportType } from '@console/core/api/reports';
import { useMemo } from 'react';
import { useFeatureHref } from '../../lib/routing/feature-href.ts';

export const useReportLinks = () => {
  const href = useFeatureHref();
  return useMemo(
    () => ({
      list: () => href('report.list'),
      create: (type: ReportType) =>
        type === 'multi-dimensional'
          ? href('report.createMultiDimensional')
          : href('report.create', { report_type: type }),
      view: (id: number) => href('report.view', { report_id: id }),
      edit: (id: number) => href('report.edit', { report_id: id }),
    }),
    [href],
  );
};
