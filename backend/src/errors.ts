import { BadRequest, Conflict, FeathersError, Forbidden, GeneralError, Gone, NotAuthenticated, NotFound, Timeout, TooManyRequests, Unavailable, Unprocessable } from '@feathersjs/errors'

// The statuses of the spec's catalogue that @feathersjs/errors has no class for.
export class Locked extends FeathersError {
  constructor(message?: string, data?: unknown) {
    super(message ?? 'Locked', 'Locked', 423, 'locked', data)
  }
}
export class FailedDependency extends FeathersError {
  constructor(message?: string, data?: unknown) {
    super(message ?? 'Failed dependency', 'FailedDependency', 424, 'failed-dependency', data)
  }
}
export class PayloadTooLarge extends FeathersError {
  constructor(message?: string, data?: unknown) {
    super(message ?? 'Payload too large', 'PayloadTooLarge', 413, 'payload-too-large', data)
  }
}
export class UnsupportedMediaType extends FeathersError {
  constructor(message?: string, data?: unknown) {
    super(message ?? 'Unsupported media type', 'UnsupportedMediaType', 415, 'unsupported-media-type', data)
  }
}
export class PreconditionRequired extends FeathersError {
  constructor(message?: string, data?: unknown) {
    super(message ?? 'Precondition required', 'PreconditionRequired', 428, 'precondition-required', data)
  }
}

/**
 * Throws the error for a machine code: the client maps `data.code` (and the status) to its
 * catalogue message; the server translates `message` from the same code for API users.
 */
const classes = {
  400: BadRequest,
  401: NotAuthenticated,
  403: Forbidden,
  404: NotFound,
  408: Timeout,
  409: Conflict,
  410: Gone,
  413: PayloadTooLarge,
  415: UnsupportedMediaType,
  422: Unprocessable,
  423: Locked,
  424: FailedDependency,
  428: PreconditionRequired,
  429: TooManyRequests,
  500: GeneralError,
  503: Unavailable
} as const

export type ErrorStatus = keyof typeof classes

export function appError(status: ErrorStatus, code: string, data: Record<string, unknown> = {}): FeathersError {
  return new classes[status](code, { ...data, code })
}
