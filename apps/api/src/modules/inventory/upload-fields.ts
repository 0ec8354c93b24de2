// Reading a list upload's multipart request: the fields that come before the file, then the file as
// a stream. Fields after the file are not seen (the browser form and the API reference put them first).
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';

export const SEND_LIST_FILE =
  'Send the list as multipart/form-data: the fields first, then the file in the field "file".';

/** The plain fields of the part list, as strings (the first of repeated ones). */
const fieldsOf = (file: MultipartFile): Record<string, string> => {
  const values: Record<string, string> = {};
  for (const [name, field] of Object.entries(file.fields)) {
    const first = Array.isArray(field) ? field[0] : field;
    if (first && first.type === 'field' && typeof first.value === 'string' && first.value !== '')
      values[name] = first.value;
  }
  return values;
};

/** The file part and its fields parsed by `schema` (400 with a message per field otherwise). */
export const readUpload = async <S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  maxBytes: number,
): Promise<{ fields: z.output<S>; file: MultipartFile }> => {
  if (!request.isMultipart()) throw badRequest(SEND_LIST_FILE);
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file) throw badRequest(SEND_LIST_FILE);
  const parsed = schema.safeParse(fieldsOf(file));
  if (!parsed.success) {
    // Drain the file so the connection can answer the error (the client is still sending).
    file.file.resume();
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
    throw badRequest(Object.values(errors)[0] ?? 'Invalid input.', errors);
  }
  return { fields: parsed.data, file };
};
