// 'Back To Admin / Co-Admin / Agency' while impersonating (spec section 2): one per parent held.
import type { ParentRole } from '@console/core/roles';
import { Button } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { backTo, useSession } from '../../lib/session/session-store.ts';

const LABEL_KEYS = {
  ADMIN: 'impersonation.backToAdmin',
  'CO-ADMIN': 'impersonation.backToCoAdmin',
  AGENCY: 'impersonation.backToAgency',
} as const satisfies Record<ParentRole, string>;

const TEST_IDS = {
  ADMIN: 'back-to-admin',
  'CO-ADMIN': 'back-to-co-admin',
  AGENCY: 'back-to-agency',
} as const satisfies Record<ParentRole, string>;

export const BackButtons = () => {
  const { t } = useTranslation('layout');
  const { parents } = useSession();
  const [pending, setPending] = useState<ParentRole | null>(null);
  if (parents.length === 0) return null;

  const goBack = async (parent: ParentRole) => {
    setPending(parent);
    try {
      await backTo(parent); // navigates to BACK_TO_PATH[parent]
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      {parents.map((parent) => (
        <Button
          key={parent}
          size="xs"
          variant="filled"
          leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
          loading={pending === parent}
          disabled={pending !== null && pending !== parent}
          onClick={() => void goBack(parent)}
          data-testid={TEST_IDS[parent]}
        >
          {t(LABEL_KEYS[parent])}
        </Button>
      ))}
    </>
  );
};
