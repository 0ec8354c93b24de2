// One exchange's or taxonomy node's change log in a side drawer (the shared ChangeLogTable). The
// table keeps its page and filter in the URL; they are cleared when the drawer closes.
import '@mantine/core/styles/Drawer.css';
import { Drawer } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ChangeLogTable } from '../../components/change-log/change-log-table.tsx';

const LOG_PARAMS = ['page', 'limit', 'sort', 'order', 'q', 'action'];

export type ChangeLogSubject = { title: string; path: string; actions: readonly string[] };

export const ChangeLogDrawer = ({
  subject,
  onClose,
  closeLabel,
}: {
  subject: ChangeLogSubject | null;
  onClose: () => void;
  closeLabel: string;
}) => {
  const [, setSearch] = useSearchParams();
  const close = () => {
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of LOG_PARAMS) next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    onClose();
  };
  return (
    <Drawer
      opened={subject !== null}
      onClose={close}
      position="right"
      size="min(960px, 100%)"
      title={subject?.title}
      closeButtonProps={{ 'aria-label': closeLabel }}
      data-testid="metadata-change-log"
    >
      {subject ? (
        <ChangeLogTable
          path={subject.path}
          tableId="metadata-change-log"
          actions={subject.actions}
          label={subject.title}
        />
      ) : null}
    </Drawer>
  );
};
