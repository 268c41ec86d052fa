import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import type { ApiErrorItem } from '@/lib/api-client'
import { fieldErrorsFromApiError } from '@/lib/field-errors'

/**
 * Puts an API error's field errors (those with a `source.pointer`) on the form's fields with
 * `setError`, and returns the errors that belong to no field, for a <FormErrorSummary>.
 * Values are never touched, so what the user typed stays.
 * `fields` limits which paths count as fields shown on the form; others go to the summary.
 * `mapPath` renames API paths to form paths (e.g. "data.port" → "srv.port").
 */
export function applyApiErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  err: unknown,
  opts: { fields?: readonly string[]; mapPath?: (apiPath: string) => string | undefined } = {},
): ApiErrorItem[] {
  const { fields, rest } = fieldErrorsFromApiError(err)
  const unplaced = [...rest]
  let first = true
  for (const [apiPath, message] of Object.entries(fields)) {
    const path = opts.mapPath ? opts.mapPath(apiPath) : apiPath
    if (!path || (opts.fields && !opts.fields.includes(path))) {
      unplaced.push({ code: 0, message: `${apiPath}: ${message}` })
      continue
    }
    form.setError(path as Path<T>, { type: 'server', message }, { shouldFocus: first })
    first = false
  }
  return unplaced
}
