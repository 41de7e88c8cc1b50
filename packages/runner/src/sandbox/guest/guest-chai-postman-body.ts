/**
 * Guest code: chai-postman's body, JSON, time and size assertions (see guest-chai-postman.ts), messages word for
 * word.
 */
// biome-ignore lint/complexity/noUselessStringRaw: guest code keeps any escape it gains as written, for QuickJS to read
export const GUEST_CHAI_POSTMAN_BODY = String.raw`
Assertion.addProperty('withBody', function () {
  requireResponse(this);
  var text = this._obj.text();
  this.assert(typeof text === 'string' && text.length, 'expected response to have content in body',
    'expected response to not have content in body');
});
// Bruno's expect(value).to.be.json (a JSON object or array) where the subject is not a response.
Assertion.addProperty('json', function () {
  var subject = this._obj;
  if (!(subject instanceof PostmanResponse)) {
    var isJson = subject !== null && typeof subject === 'object' &&
      (Array.isArray(subject) || Object.prototype.toString.call(subject) === '[object Object]');
    this.assert(isJson, 'expected #{this} to be JSON', 'expected #{this} not to be JSON');
    return;
  }
  var parseError = jsonParseError(subject);
  this.assert(!parseError, 'expected response body to be a valid json but got error ' + parseError,
    'expected response body not to be a valid json');
});
Assertion.addMethod('body', function (content) {
  requireResponse(this);
  var data;
  if (isPlainObject(content)) {
    try {
      data = this._obj.json();
    } catch (e) {}
    this.assert(chaiEql(data, content), 'expected response body json to equal #{exp} but got #{act}',
      'expected response body json to not equal #{exp} but got #{act}', content, data);
    return;
  }
  data = this._obj.text();
  if (arguments.length === 0) {
    this.assert(typeof data === 'string' && data.length, 'expected response to have content in body',
      'expected response to not have content in body');
    return;
  }
  if (content instanceof RegExp) {
    this.assert(content.exec(data) !== null, 'expected response body text to match #{exp} but got #{act}',
      'expected response body text #{act} to not match #{exp}', content, data);
    return;
  }
  this.assert(chaiEql(data, content), 'expected response body to equal #{exp} but got #{act}',
    'expected response body to not equal #{exp}', content, data);
});
Assertion.addMethod('jsonBody', function (path, value) {
  requireResponse(this);
  var body;
  var parseError;
  try {
    body = this._obj.json();
  } catch (e) {
    parseError = jsonParseError(this._obj);
  }
  if (arguments.length === 0) {
    this.assert(!parseError, 'expected response body to be a valid json but got error ' + parseError,
      'expected response body not to be a valid json');
    return;
  }
  if (typeof path !== 'string') return;
  this.assert(hasPath(body, path), 'expected #{act} in response to contain property #{exp}',
    'expected #{act} in response to not contain property #{exp}', path, body);
  if (arguments.length > 1) {
    var actual = getPath(body, path);
    this.assert(chaiEql(actual, value), 'expected response body json at "' + path + '" to contain #{exp} but got #{act}',
      'expected response body json at "' + path + '" to not contain #{exp} but got #{act}', value, actual);
  }
});
Assertion.addChainableMethod('responseTime', function (value) {
  var time = chaiFlag(this, 'number');
  this.assert(typeof time === 'number', 'expected response to have a valid response time but got #{act}',
    'expected response to not have a valid response time but got #{act}', null, time);
  if (arguments.length) {
    this.assert(chaiEql(time, value), 'expected response to have a valid response time but got #{act}',
      'expected response to not have a valid response time but got #{act}', null, time);
  }
}, function () {
  requireResponse(this);
  chaiFlag(this, 'number', this._obj.responseTime);
  this._obj = this._obj.responseTime;
});
Assertion.addChainableMethod('responseSize', function (value) {
  var size = chaiFlag(this, 'number');
  this.assert(typeof size === 'number', 'expected response to have a valid response size but got #{act}',
    'expected response to not have a valid response size but got #{act}', null, size);
  if (arguments.length) {
    this.assert(chaiEql(size, value), 'expected response size to equal #{act} but got #{exp}',
      'expected response size to not equal #{act} but got #{exp}', value, size);
  }
}, function () {
  requireResponse(this);
  var size = this._obj.size();
  var total = (size.header || 0) + (size.body || 0);
  chaiFlag(this, 'number', total);
  this._obj = total;
});
Assertion.addMethod('jsonSchema', function () {
  throw new Error("jsonSchema assertions need Ajv, which Client's sandbox does not provide");
});
`;
