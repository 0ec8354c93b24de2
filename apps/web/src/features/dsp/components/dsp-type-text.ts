// The names and descriptions of DSP types and their credential fields, translated where the `dsp`
// namespace has them and in packages/core's English otherwise (a type added to dsp-types.ts works
// before its translations arrive).
import { type CredentialField, DSP_TYPES } from '@console/core/dsp-types';
import type { TFunction } from '../../../lib/i18n/locale-store.ts';
import { isDspType } from '../dsp-form-model.ts';

export const typeLabel = (t: TFunction, type: string): string =>
  isDspType(type) ? t(`types.${type}.label`, { defaultValue: DSP_TYPES[type].label }) : type;

export const typeDescription = (t: TFunction, type: string): string =>
  isDspType(type) ? t(`types.${type}.description`, { defaultValue: DSP_TYPES[type].description }) : '';

export const credentialLabel = (t: TFunction, field: CredentialField): string =>
  t(`credentialFields.${field.name}`, { defaultValue: field.label });
