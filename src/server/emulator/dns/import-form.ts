import type { Context } from 'hono'
import { badRequest } from '../http'
import { fileTooLarge, IMPORT_MAX_BYTES } from './import-limits'

/** Room for the multipart framing and the `proxied` field around a file of the largest size. */
const FRAMING_BYTES = 16 * 1024

/**
 * The import's multipart form: `file` (the zone file, at most 256 KiB) and `proxied`. Anything
 * malformed (not multipart, no closing boundary, garbage) is a 400 with the envelope.
 */
export async function readImportForm(c: Context): Promise<{ source: string; proxied: boolean }> {
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest(1004, 'Send the zone file as multipart/form-data, in a field named "file".')
  }
  const declared = Number(c.req.header('content-length'))
  if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES + FRAMING_BYTES) throw fileTooLarge(declared)
  let form: Record<string, string | File | (string | File)[]>
  try {
    form = await c.req.parseBody()
  } catch {
    throw badRequest(
      1004,
      'The multipart body could not be read: send the zone file as multipart/form-data, in a field named "file".',
    )
  }
  const file = form.file
  if (file instanceof Blob && file.size > IMPORT_MAX_BYTES) throw fileTooLarge(file.size)
  const source = typeof file === 'string' ? file : file instanceof Blob ? await file.text() : undefined
  if (source === undefined) throw badRequest(1004, 'Attach the zone file in a field named "file".', '/file')
  if (Buffer.byteLength(source) > IMPORT_MAX_BYTES) throw fileTooLarge(Buffer.byteLength(source))
  const rawProxied = typeof form.proxied === 'string' ? form.proxied.toLowerCase() : undefined
  if (rawProxied !== undefined && rawProxied !== 'true' && rawProxied !== 'false') {
    throw badRequest(1004, 'proxied must be true or false.', '/proxied')
  }
  return { source, proxied: rawProxied === 'true' }
}
