// Helpers of the inventory-list, audience and smart-app list tests: multipart uploads
// through real HTTP, waiting for an import to be stored, and reads of the answers.
import type { EntryPage, ListImport } from '@console/core/api/inventory-lists';
import { expect } from 'vitest';
import { dataOf } from './support/accounts.ts';
import type { CallResult, TestApp } from './support/test-app.ts';

export type UploadFile = { content: string | Uint8Array; name?: string; type?: string };

/** POST a multipart upload: the fields first, then the file (as a browser form sends it). */
export const upload = async (
  t: TestApp,
  path: string,
  token: string | undefined,
  fields: Record<string, string | number>,
  file: UploadFile,
): Promise<CallResult> => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  const bytes = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
  form.append(
    'file',
    new Blob([bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? 'text/plain' }),
    file.name ?? 'list.txt',
  );
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(new URL(path, t.baseUrl), { method: 'POST', headers, body: form });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text };
  }
  return { status: response.status, body, headers: Object.fromEntries(response.headers.entries()) };
};

/** Polls an import until it is stored or failed (the worker runs in the test app). */
export const waitForImport = async (t: TestApp, token: string, id: number): Promise<ListImport> => {
  for (let attempt = 0; attempt < 200; attempt++) {
    const result = await t.call('GET', `/api/list-imports/${id}`, { token });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const job = dataOf<ListImport>(result);
    if (job.status === 'DONE' || job.status === 'FAILED') return job;
    t.imports.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not finish`);
};

/** Uploads and waits: the finished import. */
export const uploadAndWait = async (
  t: TestApp,
  path: string,
  token: string,
  fields: Record<string, string | number>,
  file: UploadFile,
): Promise<ListImport> => {
  const result = await upload(t, path, token, fields, file);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return waitForImport(t, token, dataOf<ListImport>(result).import_id);
};

export const entriesOf = async (
  t: TestApp,
  token: string,
  id: number,
  query: Record<string, string | number> = {},
) => {
  const result = await t.call('GET', `/api/applists/${id}/entries`, { token, query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<EntryPage>(result);
};
