import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiMessage } from '../../shared/schemas/common'

/** An error the emulator answers with the API's envelope. Thrown anywhere inside a handler. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errors: ApiMessage[],
  ) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; '))
  }
  static of(status: ContentfulStatusCode, code: number, message: string, pointer?: string): ApiError {
    return new ApiError(status, [{ code, message, ...(pointer ? { source: { pointer } } : {}) }])
  }
}

export const notFound = (code: number, message: string) => ApiError.of(404, code, message)
export const badRequest = (code: number, message: string, pointer?: string) => ApiError.of(400, code, message, pointer)
