import { characterCount, hasControlCharacter } from '@__groupId__/__artifactId__-common';

import { DomainError } from '../domain-error.js';

/** Limits a user must stay within; the start module declares the same limits on its routes. */
export const SYS_USER_RULES = {
  /** Characters (code points), not UTF-16 units: 64 emoji are a valid name, as the databases count them. */
  nameMaxLength: 64,
  ageMin: 0,
  ageMax: 150,
} as const;

/** Fields a page of users may be sorted by; anything else never reaches a query. */
export const SYS_USER_SORT_COLUMNS = ['id', 'name', 'age'] as const;
export type SysUserSortColumn = (typeof SYS_USER_SORT_COLUMNS)[number];

/** What a user is made of before it has an id. */
export interface SysUserDraft {
  readonly name: string;
  readonly age: number;
}

export class SysUser {
  private constructor(
    readonly id: number,
    readonly name: string,
    readonly age: number,
  ) {}

  /** Checks the business rules of a new or changed user and returns it normalised (name trimmed). */
  static draft(input: SysUserDraft): SysUserDraft {
    const name = input.name.trim();
    if (name.length === 0) throw DomainError.ruleViolated('name must not be blank');
    if (hasControlCharacter(name)) throw DomainError.ruleViolated('name must not contain control characters');
    if (characterCount(name) > SYS_USER_RULES.nameMaxLength) {
      throw DomainError.ruleViolated(`name must be at most ${SYS_USER_RULES.nameMaxLength} characters`);
    }
    if (!Number.isInteger(input.age) || input.age < SYS_USER_RULES.ageMin || input.age > SYS_USER_RULES.ageMax) {
      throw DomainError.ruleViolated(
        `age must be an integer from ${SYS_USER_RULES.ageMin} to ${SYS_USER_RULES.ageMax}`,
      );
    }
    return { name, age: input.age };
  }

  /** Rebuilds a user that was stored earlier; the rules held when it was stored. */
  static restore(id: number, draft: SysUserDraft): SysUser {
    return new SysUser(id, draft.name, draft.age);
  }

  /** The same user with new details, checked against the same rules as a new one. */
  withDetails(details: SysUserDraft): SysUser {
    return SysUser.restore(this.id, SysUser.draft(details));
  }
}
