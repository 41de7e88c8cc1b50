/**
 * `NOT_FOUND`: the entity does not exist. `RULE_VIOLATED`: a business rule refused the change. `CONFLICT`: the
 * change clashes with what is stored (a value another entity holds where it must be unique, a reference in use).
 */
export type DomainErrorCode = 'NOT_FOUND' | 'RULE_VIOLATED' | 'CONFLICT';

/** The one error the domain and application layers throw; the start module maps it to an HTTP status. */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
  }

  static notFound(message: string): DomainError {
    return new DomainError('NOT_FOUND', message);
  }

  static ruleViolated(message: string): DomainError {
    return new DomainError('RULE_VIOLATED', message);
  }

  static conflict(message: string): DomainError {
    return new DomainError('CONFLICT', message);
  }
}
