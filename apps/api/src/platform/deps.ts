import type { AppConfig } from '../config/env.ts';
import type { BulkCopier } from '../db/bulk-session.ts';
import type { Db } from '../db/client.ts';
import type { BackgroundTasks } from './background-tasks.ts';
import type { Mailer } from './mailer.ts';
import type { MediaStore } from './media-store.ts';
import type { TokenSigner } from './tokens.ts';

/** What services need from the outside world; built once in app.ts and handed to each module. */
export type AppDeps = {
  db: Db;
  tokens: TokenSigner;
  mailer: Mailer;
  media: MediaStore;
  config: AppConfig;
  background: BackgroundTasks;
  /** Streams many rows into a staging table (list imports). */
  copyRows: BulkCopier;
};
