// The language picker of the header and the public screens: the five languages (spec section 1),
// each named in itself and tagged with its own lang. A native select: fully keyboard and screen
// reader friendly, and light enough for /login (no popover library).
import { LANGUAGES } from '@console/core/constants';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { HTML_LANG, isLanguage, LANGUAGE_NAMES } from '../../lib/i18n/languages.ts';
import { setLanguage, useTranslation } from '../../lib/i18n/locale-store.ts';
import classes from './language-picker.module.css';

export const LanguagePicker = () => {
  const { t, language: current } = useTranslation('layout');

  return (
    <span className={classes.picker}>
      <IconLanguage className={classes.icon} size={18} aria-hidden="true" />
      <select
        className={classes.select}
        value={current}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isLanguage(next) && next !== current) void setLanguage(next);
        }}
        aria-label={t('language.title')}
        title={t('language.title')}
        data-testid="language-picker"
      >
        {LANGUAGES.map((language) => (
          <option
            key={language}
            value={language}
            lang={HTML_LANG[language]}
            data-testid={`language-option-${language}`}
          >
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      <IconChevronDown className={classes.chevron} size={14} aria-hidden="true" />
    </span>
  );
};
