import { ResultCode } from '@__groupId__/__artifactId__-api';
import type { DomainError } from '@__groupId__/__artifactId__-domain';

/** The result code (and HTTP status) a domain error is reported with, over HTTP and through providers. */
export function domainErrorStatus(error: DomainError): ResultCode {
  switch (error.code) {
    case 'NOT_FOUND':
      return ResultCode.NOT_FOUND;
    case 'RULE_VIOLATED':
      return ResultCode.BUSINESS_RULE_VIOLATED;
    case 'CONFLICT':
      return ResultCode.CONFLICT;
  }
}
