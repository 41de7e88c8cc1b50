/**
 * Guest code: the response and request assertions Postman adds to chai (chai-postman 2.0.1, which newman 6's
 * sandbox loads), with its messages word for word. Each assertion checks its subject is a response the way
 * chai-postman does, by a chai assertion that fails with chai-postman's message, but only when it is not one.
 */
export const GUEST_CHAI_POSTMAN = String.raw`
var Assertion = chai.Assertion;
var chaiFlag = chai.util.flag;
var chaiEql = chai.util.eql;
var STATUS_CLASSES = { info: 1, success: 2, redirection: 3, clientError: 4, serverError: 5 };
var NAMED_STATUSES = {
  accepted: [202, 'Accepted'],
  withoutContent: [204, 'No Content'],
  badRequest: [400, 'Bad Request'],
  unauthorised: [401, 'Unauthorised'],
  unauthorized: [401, 'Unauthorized'],
  forbidden: [403, 'Forbidden'],
  notFound: [404, 'Not Found'],
  notAcceptable: [406, 'Acceptable'],
  rateLimited: [429, 'Too Many Requests'],
};

function requireResponse(assertion) {
  if (!(assertion._obj instanceof PostmanResponse)) new Assertion(assertion._obj).to.be.postmanResponse;
}

/** chai-postman's first checks of a status assertion, a code and a number, made (for their message) only when they fail. */
function requireCode(assertion) {
  requireResponse(assertion);
  var response = assertion._obj;
  if (!('code' in response)) new Assertion(response).to.have.property('code');
  if (typeof response.code !== 'number') new Assertion(response.code).to.be.a('number');
}

function jsonParseError(response) {
  try {
    response.json();
    return undefined;
  } catch (e) {
    return e.name === 'JSONError' && e.message ? String(e.message).split('\n')[0] : e.name + ': ' + e.message;
  }
}

function isPlainObject(value) {
  if (value === null || typeof value !== 'object') return false;
  var proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

function assertClass(assertion, classCode) {
  requireCode(assertion);
  assertion.assert(Math.floor(assertion._obj.code / 100) === classCode,
    'expected response code to be #{exp}XX but found #{act}', 'expected response code to not be #{exp}XX',
    classCode, assertion._obj.code);
}

function assertNamedStatus(assertion, code, name) {
  var wanted = name.toUpperCase();
  var reason = String(assertion._obj.reason()).toUpperCase();
  var actualCode = Number(assertion._obj.code);
  assertion.assert(reason === wanted, 'expected response to have status reason #{exp} but got #{act}',
    'expected response to not have status reason #{act}', wanted, reason);
  assertion.assert(actualCode === code, 'expected response to have status code #{exp} but got #{act}',
    'expected response to not have status code #{act}', code, actualCode);
}

function assertCode(assertion, code) {
  assertion.assert(assertion._obj.code === Number(code), 'expected response to have status code #{exp} but got #{act}',
    'expected response to not have status code #{act}', Number(code), assertion._obj.code);
}

function assertReason(assertion, reason) {
  assertion.assert(assertion._obj.reason() === reason, 'expected response to have status reason #{exp} but got #{act}',
    'expected response to not have status reason #{act}', reason, assertion._obj.reason());
}

Assertion.addProperty('postmanRequest', function () {
  this.assert(this._obj instanceof PmRequest, 'expecting a postman request object but got #{this}',
    'not expecting a postman request object');
});
Assertion.addProperty('postmanResponse', function () {
  this.assert(this._obj instanceof PostmanResponse, 'expecting a postman response object but got #{this}',
    'not expecting a postman response object');
});
Assertion.addProperty('postmanRequestOrResponse', function () {
  this.assert(this._obj instanceof PostmanResponse || this._obj instanceof PmRequest,
    'expecting a postman request or response object but got #{this}', 'not expecting a postman request or response object');
});
Assertion.addMethod('statusCodeClass', function (classCode) { assertClass(this, classCode); });
Object.keys(STATUS_CLASSES).forEach(function (name) {
  Assertion.addProperty(name, function () { assertClass(this, STATUS_CLASSES[name]); });
});
Assertion.addProperty('error', function () {
  requireCode(this);
  var statusClass = Math.floor(this._obj.code / 100);
  this.assert(statusClass === 4 || statusClass === 5, 'expected response code to be 4XX or 5XX but found #{act}',
    'expected response code to not be 4XX or 5XX', null, this._obj.code);
});
Assertion.addMethod('statusCode', function (code) {
  requireCode(this);
  assertCode(this, code);
});
Assertion.addMethod('statusReason', function (reason) {
  requireResponse(this);
  assertReason(this, String(reason));
});
Object.keys(NAMED_STATUSES).forEach(function (name) {
  Assertion.addProperty(name, function () {
    requireResponse(this);
    assertNamedStatus(this, NAMED_STATUSES[name][0], NAMED_STATUSES[name][1]);
  });
});
Assertion.addProperty('ok', function () {
  if (!(this._obj instanceof PostmanResponse)) {
    this.assert(chaiFlag(this, 'object'), 'expected #{this} to be truthy', 'expected #{this} to be falsy');
    return;
  }
  assertNamedStatus(this, 200, 'OK');
});
Assertion.addMethod('status', function (codeOrReason) {
  requireResponse(this);
  if (typeof codeOrReason === 'number') {
    requireCode(this);
    assertCode(this, codeOrReason);
  } else assertReason(this, codeOrReason);
});
Assertion.addMethod('header', function (key, value) {
  if (!(this._obj instanceof PostmanResponse || this._obj instanceof PmRequest)) {
    new Assertion(this._obj).to.be.postmanRequestOrResponse;
  }
  var of = this._obj instanceof PmRequest ? 'request' : 'response';
  var has = this._obj.headers.has(key);
  this.assert(has, 'expected ' + of + " to have header with key '" + String(key) + "'",
    'expected ' + of + " to not have header with key '" + String(key) + "'", true, has);
  if (arguments.length < 2) return;
  var actual = this._obj.headers.one(key).value;
  this.assert(actual === value, "expected '" + String(key) + "' " + of + ' header to be #{exp} but got #{act}',
    "expected '" + String(key) + "' " + of + ' header to not be #{act}', value, actual);
});
`;
