// The delivery module's entry: what other modules may use of it. They import this file only; the
// module's own files import each other directly.
export { correctBilledPrice, repricesBilled } from './billing-correction.ts';
export {
  createEventRecorder,
  type DeliveryEvent,
  type EventRecorder,
  eventRow,
  insertEventRows,
  utcDayOf,
} from './event-recorder.ts';
export {
  openPriceDecoder,
  openPriceKeys,
  PRICE_KEYS_PURPOSE,
  priceKeysFingerprint,
  sealPriceKeys,
} from './exchange-price-keys.ts';
export { createNoticeWriter, type NoticeWriter } from './notice-journal.ts';
export { PRICE_SOURCE, type PriceDecoder, type PriceSource, readNoticePrice } from './notice-price.ts';
export { createRequestCounter, type RequestCounter } from './request-counter.ts';
export { readLocalWindow, rollupSource, type SourceNeeds } from './rollup-source.ts';
export { type RollupColumn, utcDaysTouched } from './rollup-tiers.ts';
