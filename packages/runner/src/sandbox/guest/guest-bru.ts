/**
 * Guest code: Bruno's `bru`, `req` and `res` (packages/bruno-js's semantics). Runtime variables are the run's
 * local layer, which pm.variables shares; getters interpolate {{vars}} in the values they return, as Bruno's do.
 */
export const GUEST_BRU = String.raw`
var BRU_VARIABLE_NAME = /^[\w\-.]*$/;

function checkVariableName(key, what) {
  if (!key) throw new Error('Creating a ' + what + ' without specifying a name is not allowed.');
  if (!BRU_VARIABLE_NAME.test(key)) {
    throw new Error('Variable name: "' + key + '" contains invalid characters! Names must only contain alpha-numeric characters, "-", "_", "."');
  }
}

function interpolated(s, value) {
  var local = scopesOf(s).local;
  return replaceVariables(value, function (name) { return local.get(name); });
}

function scopeOf(name) {
  return scopesOf(current())[name];
}

var ownLocal = {
  has: function (key) { return VariableScope.prototype.has.call(scopeOf('local'), key); },
  get: function (key) { return VariableScope.prototype.get.call(scopeOf('local'), key); },
  all: function () { return VariableScope.prototype.toObject.call(scopeOf('local')); },
};

var bru = {
  getEnvName: function () { return current().payload.environmentName; },
  getProcessEnv: function () { return undefined; },
  interpolate: function (value) { return interpolated(current(), value); },
  hasEnvVar: function (key) { return scopeOf('environment').has(key); },
  getEnvVar: function (key) { return interpolated(current(), scopeOf('environment').get(key)); },
  setEnvVar: function (key, value) {
    checkVariableName(key, 'env variable');
    scopeOf('environment').set(key, value);
  },
  deleteEnvVar: function (key) { scopeOf('environment').unset(key); },
  getAllEnvVars: function () { return scopeOf('environment').toObject(); },
  hasVar: function (key) { return ownLocal.has(key); },
  getVar: function (key) {
    if (!BRU_VARIABLE_NAME.test(key)) checkVariableName(key, 'variable');
    return interpolated(current(), ownLocal.get(key));
  },
  setVar: function (key, value) {
    checkVariableName(key, 'variable');
    scopeOf('local').set(key, value);
  },
  deleteVar: function (key) { scopeOf('local').unset(key); },
  deleteAllVars: function () { scopeOf('local').clear(); },
  getAllVars: function () { return ownLocal.all(); },
  hasCollectionVar: function (key) { return scopeOf('collection').has(key); },
  getCollectionVar: function (key) { return interpolated(current(), scopeOf('collection').get(key)); },
  setCollectionVar: function (key, value) {
    checkVariableName(key, 'variable');
    scopeOf('collection').set(key, value);
  },
  deleteCollectionVar: function (key) { scopeOf('collection').unset(key); },
  hasGlobalEnvVar: function (key) { return scopeOf('globals').has(key); },
  getGlobalEnvVar: function (key) { return interpolated(current(), scopeOf('globals').get(key)); },
  setGlobalEnvVar: function (key, value) {
    if (!key) throw new Error('Creating a env variable without specifying a name is not allowed.');
    scopeOf('globals').set(key, value);
  },
  deleteGlobalEnvVar: function (key) { scopeOf('globals').unset(key); },
  getAllGlobalEnvVars: function () { return scopeOf('globals').toObject(); },
  setNextRequest: setNextRequest,
  runner: {
    setNextRequest: setNextRequest,
    skipRequest: function () { current().skipRequest = true; },
    stopExecution: function () { current().stopRun = true; },
  },
  sleep: function (ms) {
    return new Promise(function (resolve) { setTimer(resolve, ms, [], false); });
  },
  sendRequest: bruSendRequest,
};

function bruTest(name, fn) {
  return runTest(name, fn, false, true);
}

function BruRequest(model) {
  this._model = model;
}

BruRequest.prototype = {
  constructor: BruRequest,
  getUrl: function () { return this._model.url.toHost(); },
  setUrl: function (url) { this._model.url = url; },
  getMethod: function () { return this._model.method; },
  setMethod: function (method) { this._model.method = method; },
  getName: function () { return this._model.name; },
  getHost: function () { return this._model.url.getRemote(); },
  getPath: function () { return this._model.url.getPath(); },
  getQueryString: function () { return this._model.url.getQueryString(); },
  getHeader: function (name) { return this._model.headers.get(name); },
  getHeaders: function () { return this._model.getHeaders({ enabled: true }); },
  setHeader: function (name, value) { this._model.headers.upsert({ key: name, value: value }); },
  setHeaders: function (headers) {
    var list = this._model.headers;
    list.clear();
    Object.keys(headers).forEach(function (key) { list.add({ key: key, value: headers[key] }); });
  },
  deleteHeader: function (name) { this._model.headers.remove(name); },
  deleteHeaders: function (names) {
    var list = this._model.headers;
    names.forEach(function (name) { list.remove(name); });
  },
  getBody: function (options) {
    var body = this._model.body;
    if (body === undefined) return undefined;
    if (body.mode === 'raw') return isJsonBody(body) && !(options && options.raw) ? parsedBody(body.raw) : body.raw;
    if (body.mode === 'urlencoded' || body.mode === 'formdata') return body[body.mode].toObject(true, true);
    return body.file && body.file.src;
  },
  setBody: function (data, options) {
    var body = this._model.body;
    var form = body !== undefined && (body.mode === 'urlencoded' || body.mode === 'formdata');
    if (form && data !== null && typeof data === 'object' && !(options && options.raw)) {
      body[body.mode].repopulate(Object.keys(data).map(function (key) { return { key: key, value: String(data[key]) }; }));
    } else if (typeof data === 'string' || (options && options.raw)) {
      this._model.body = { mode: 'raw', raw: data, options: body === undefined ? undefined : body.options };
    } else {
      this._model.body = { mode: 'raw', raw: stringify(data), options: { raw: { language: 'json' } } };
    }
  },
};

['url', 'method', 'name', 'headers', 'body'].forEach(function (name) {
  var getter = { url: 'getUrl', method: 'getMethod', name: 'getName', headers: 'getHeaders', body: 'getBody' }[name];
  Object.defineProperty(BruRequest.prototype, name, { get: function () { return this[getter](); } });
});

function BruResponse() {}
BruResponse.prototype = Object.create(Function.prototype);
BruResponse.prototype.getStatus = function () { return this.status; };
BruResponse.prototype.getStatusText = function () { return this.statusText; };
BruResponse.prototype.getHeader = function (name) { return typeof name === 'string' ? this.headers[name.toLowerCase()] : null; };
BruResponse.prototype.getHeaders = function () { return this.headers; };
BruResponse.prototype.getBody = function () { return this.body; };
BruResponse.prototype.setBody = function (data) { this.body = data; };
BruResponse.prototype.getResponseTime = function () { return this.responseTime; };
BruResponse.prototype.getSize = function () { return this._response.size(); };

/** Bruno's res: callable (res('a.b[0]') reads the body), with the answer's parts as properties. */
function bruResponse(response) {
  var res = function (path) { return getPath(res.body, path); };
  Object.setPrototypeOf(res, BruResponse.prototype);
  res.status = response.code;
  res.statusText = response.status;
  res.headers = lowerCaseHeaders(toKeyValues(response.headers));
  res.body = parsedBody(response.text());
  res.responseTime = response.responseTime;
  if (response.events !== undefined) res.events = response.events;
  res._response = response;
  return res;
}

var BRUNO_GLOBALS = {
  req: function (s) { return new BruRequest(requestModel(s)); },
  res: function (s) {
    var response = responseModel(s);
    return response === undefined ? undefined : bruResponse(response);
  },
};
`;
