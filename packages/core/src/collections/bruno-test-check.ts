/** A Bruno right-hand value as the JavaScript value Bruno compares with. */
function literal(value: string): string {
  const trimmed = value.trim();
  if (['true', 'false', 'null', 'undefined'].includes(trimmed)) return trimmed;
  if (/^(["']).*\1$/s.test(trimmed) && trimmed.length >= 2) return JSON.stringify(trimmed.slice(1, -1));
  if (trimmed !== '' && !Number.isNaN(Number(trimmed))) return trimmed;
  if (trimmed.includes('{{')) return `bru.interpolate(${JSON.stringify(trimmed)})`;
  return `\`${trimmed.replace(/[`\\]/g, '\\$&')}\``;
}

const list = (value: string): string =>
  `[${value
    .replace(/^\[(.*)\]$/s, '$1')
    .split(',')
    .map(literal)
    .join(', ')}]`;

/** The check Bruno's assert runtime makes for `lhs: operator value`, as the chai statement of a Bruno test. */
export function brunoTestCheck(lhs: string, operator: string, value: string): string {
  const actual = `expect(${lhs})`;
  const pattern = (text: string) => `new RegExp(${JSON.stringify(text.trim().replace(/^\/(.*)\/$/s, '$1'))})`;
  switch (operator) {
    case 'eq':
      return `${actual}.to.equal(${literal(value)})`;
    case 'neq':
      return `${actual}.to.not.equal(${literal(value)})`;
    case 'gt':
      return `${actual}.to.be.greaterThan(${literal(value)})`;
    case 'gte':
      return `${actual}.to.be.greaterThanOrEqual(${literal(value)})`;
    case 'lt':
      return `${actual}.to.be.lessThan(${literal(value)})`;
    case 'lte':
      return `${actual}.to.be.lessThanOrEqual(${literal(value)})`;
    case 'in':
      return `${actual}.to.be.oneOf(${list(value)})`;
    case 'notIn':
      return `${actual}.to.not.be.oneOf(${list(value)})`;
    case 'contains':
      return `${actual}.to.include(${literal(value)})`;
    case 'notContains':
      return `${actual}.to.not.include(${literal(value)})`;
    case 'length':
      return `${actual}.to.have.lengthOf(${literal(value)})`;
    case 'matches':
      return `${actual}.to.match(${pattern(value)})`;
    case 'notMatches':
      return `${actual}.to.not.match(${pattern(value)})`;
    case 'startsWith':
      return `${actual}.to.satisfy((text) => String(text).startsWith(${literal(value)}))`;
    case 'endsWith':
      return `${actual}.to.satisfy((text) => String(text).endsWith(${literal(value)}))`;
    case 'between':
      return `${actual}.to.be.within(...${list(value)})`;
    case 'isEmpty':
      return `${actual}.to.be.empty`;
    case 'isNotEmpty':
      return `${actual}.to.not.be.empty`;
    case 'isNull':
      return `${actual}.to.be.null`;
    case 'isUndefined':
      return `${actual}.to.be.undefined`;
    case 'isDefined':
      return `${actual}.to.not.be.undefined`;
    // Bruno checks these with chai's true and false, not truthiness.
    case 'isTruthy':
      return `${actual}.to.be.true`;
    case 'isFalsy':
      return `${actual}.to.be.false`;
    case 'isJson':
      return `${actual}.to.be.an('object')`;
    case 'isNumber':
      return `${actual}.to.be.a('number')`;
    case 'isString':
      return `${actual}.to.be.a('string')`;
    case 'isBoolean':
      return `${actual}.to.be.a('boolean')`;
    default:
      return `${actual}.to.be.an('array')`;
  }
}
