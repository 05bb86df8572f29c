import type { FieldError } from "@admissions/shared";
import { notices } from "@admissions/shared";

/** A failure the caller can act on; the error handler turns it into the envelope with this status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(errors: FieldError[]) {
    super(400, errors[0]?.message ?? "Invalid input", errors);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = notices.notSignedIn) {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = notices.forbidden) {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = notices.notFound) {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string = notices.tooManyRequests) {
    super(429, message);
  }
}
