/**
 * `LOCK_TIMEOUT`: another holder kept the lock for the whole wait time. `LOCK_LOST`: a held lock expired or was
 * taken over before the work finished. `LOCK_KEY`: the request lacks a value the route's lock key names.
 * `LOCK_KEY_TEMPLATE`: a route declares a key template that cannot be parsed. `CONFIG`: the
 * `distributedLock` section is missing or invalid.
 */
export type DistributedLockErrorCode = 'LOCK_TIMEOUT' | 'LOCK_LOST' | 'LOCK_KEY' | 'LOCK_KEY_TEMPLATE' | 'CONFIG';

/**
 * The HTTP status the global error handler answers with: it reports any error carrying a 4xx `statusCode`
 * with that status and the error's message. 423 Locked says "someone else is changing this resource, try
 * again"; a missing key value is the request's fault (400). The other codes are faults of the service (500).
 */
const STATUS: Readonly<Record<DistributedLockErrorCode, number | undefined>> = {
  LOCK_TIMEOUT: 423,
  LOCK_KEY: 400,
  LOCK_LOST: undefined,
  LOCK_KEY_TEMPLATE: undefined,
  CONFIG: undefined,
};

/** The one error the distributed lock throws. */
export class DistributedLockError extends Error {
  override readonly name = 'DistributedLockError';
  readonly statusCode: number | undefined;

  constructor(
    readonly code: DistributedLockErrorCode,
    message: string,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}
