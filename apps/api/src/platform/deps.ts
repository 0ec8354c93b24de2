import type { AppConfig } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from './mailer.ts';
import type { MediaStore } from './media-store.ts';
import type { TokenSigner } from './tokens.ts';

/** What services need from the outside world; built once in app.ts and handed to each module. */
export type AppDeps = { db: Db; tokens: TokenSigner; mailer: Mailer; media: MediaStore; config: AppConfig };
