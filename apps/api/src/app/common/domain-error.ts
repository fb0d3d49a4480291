/**
 * A business rule said no. Services throw these; the global filter turns them into HTTP
 * answers with the same clear message, so controllers never build error responses themselves.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 'DOMAIN_ERROR',
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the input is malformed; the message names the field. */
export class InvalidInputError extends DomainError {
  constructor(message: string) {
    super(400, message, 'INVALID_INPUT');
  }
}

/** 404: the thing asked for does not exist. */
export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(404, message, 'NOT_FOUND');
  }
}

/** 409: the action is not legal in the current state. */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message, 'CONFLICT');
  }
}
