import { useTranslation } from '../../lib/i18n/locale-store.ts';
import classes from './page-skeleton.module.css';

/** The placeholder rows, named for their keys. */
const ROWS = ['row-1', 'row-2', 'row-3', 'row-4', 'row-5', 'row-6'];

/** What the frame shows where a page goes while the page's module loads (the frame is already there). */
export const PageSkeleton = () => {
  const { t } = useTranslation('layout');
  return (
    <div
      className={classes.skeleton}
      role="status"
      aria-label={t('preloader.loading')}
      data-testid="page-skeleton"
    >
      <div className={`${classes.bar} ${classes.title}`} />
      <div className={`${classes.bar} ${classes.toolbar}`} />
      {ROWS.map((row) => (
        <div key={row} className={`${classes.bar} ${classes.row}`} />
      ))}
    </div>
  );
};
