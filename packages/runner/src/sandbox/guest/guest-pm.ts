/**
 * Guest code: Postman's `pm` and the legacy `postman` object. They are made once per context; their parts read the
 * script being run, built on first use.
 */
// biome-ignore lint/complexity/noUselessStringRaw: guest code keeps any escape it gains as written, for QuickJS to read
export const GUEST_PM = String.raw`
function setNextRequest(name) {
  current().nextRequest = name === null ? null : name === undefined ? undefined : String(name);
}

function requireModule(name) {
  throw new Error("require('" + safeText(name) + "') is not available in Client's sandbox: scripts cannot load modules");
}

var pm = {};

function pmPart(name, get) {
  Object.defineProperty(pm, name, { enumerable: true, get: function () { return get(current()); } });
}

pmPart('info', function (s) {
  return cached(s, 'info', function () {
    var p = s.payload;
    return Object.freeze({
      eventName: p.event,
      iteration: p.info.iteration,
      iterationCount: p.info.iterationCount,
      requestName: p.request.name,
      requestId: p.request.id,
    });
  });
});
pmPart('request', requestModel);
pmPart('response', responseModel);
pmPart('cookies', function (s) {
  return cached(s, 'cookies', function () { return cookiesOf(responseModel(s)); });
});
pmPart('globals', function (s) { return scopesOf(s).globals; });
pmPart('collectionVariables', function (s) { return scopesOf(s).collection; });
pmPart('environment', function (s) { return scopesOf(s).environment; });
pmPart('iterationData', function (s) { return scopesOf(s).iterationData; });
pmPart('variables', function (s) { return scopesOf(s).local; });

pm.expect = chai.expect;
pm.test = function (name, fn) {
  runTest(name, fn, false, false);
  return pm;
};
pm.test.skip = function (name) {
  runTest(name, undefined, true, false);
  return pm;
};
pm.test.index = function () {
  return current().tests.length;
};
pm.sendRequest = pmSendRequest;
pm.execution = {
  setNextRequest: setNextRequest,
  skipRequest: function () {
    var s = current();
    if (s.event !== 'prerequest') throw new TypeError('pm.execution.skipRequest is not a function');
    s.skipRequest = true;
  },
};
pm.visualizer = { set: function () {}, clear: function () {} };
pm.require = requireModule;

function legacyText(value) {
  return (value === false || value) && typeof value.toString === 'function' ? value.toString() : value;
}

/** The legacy environment/globals objects follow postman.set…Variable, as Postman's do. */
function legacyVariables(name, s, apply) {
  var legacy = s.cache['g:' + name];
  if (legacy !== null && typeof legacy === 'object') apply(legacy);
}

function legacyScope(scopeName, globalName) {
  return {
    set: function (key, value) {
      var s = current();
      var text = legacyText(value);
      scopesOf(s)[scopeName].set(key, text);
      legacyVariables(globalName, s, function (legacy) { legacy[key] = text; });
    },
    get: function (key) {
      return scopesOf(current())[scopeName].get(key);
    },
    clear: function (key) {
      var s = current();
      scopesOf(s)[scopeName].unset(key);
      legacyVariables(globalName, s, function (legacy) { delete legacy[key]; });
    },
    clearAll: function () {
      var s = current();
      scopesOf(s)[scopeName].clear();
      legacyVariables(globalName, s, function (legacy) {
        Object.keys(legacy).forEach(function (key) { delete legacy[key]; });
      });
    },
  };
}

var legacyEnvironment = legacyScope('environment', 'environment');
var legacyGlobals = legacyScope('globals', 'globals');

var postman = {
  setEnvironmentVariable: legacyEnvironment.set,
  getEnvironmentVariable: legacyEnvironment.get,
  clearEnvironmentVariable: legacyEnvironment.clear,
  clearEnvironmentVariables: legacyEnvironment.clearAll,
  setGlobalVariable: legacyGlobals.set,
  getGlobalVariable: legacyGlobals.get,
  clearGlobalVariable: legacyGlobals.clear,
  clearGlobalVariables: legacyGlobals.clearAll,
  setNextRequest: setNextRequest,
  getResponseHeader: function (name) {
    var response = responseModel(current());
    var member = response === undefined ? undefined : response.headers.one(name);
    return member === undefined ? undefined : member.value;
  },
  getResponseCookie: function (name) {
    return cookiesOf(responseModel(current())).one(name);
  },
};

/** Postman's legacy globals (tests, responseBody, data…), built when a script first reads one. */
var LEGACY_GLOBALS = {
  tests: function () { return {}; },
  responseBody: function (s) { return s.payload.response === null ? undefined : s.responseBody; },
  // A test script whose request got no answer still finds these, empty, as Postman's sandbox gives them.
  responseTime: function (s) {
    if (s.payload.response !== null) return s.payload.response.responseTime;
    return s.event === 'test' ? NaN : undefined;
  },
  responseCode: function (s) {
    var response = s.payload.response;
    if (response !== null) return { code: response.code, name: response.status, detail: response.status };
    return s.event === 'test' ? { code: NaN, name: '', details: '' } : undefined;
  },
  responseHeaders: function (s) {
    var response = responseModel(s);
    if (response !== undefined) return response.headers.toObject(true, true);
    return s.event === 'test' ? {} : undefined;
  },
  responseCookies: function (s) {
    if (s.payload.response !== null) return cookiesOf(responseModel(s)).all();
    return s.event === 'test' ? [] : undefined;
  },
  environment: function (s) { return scopesOf(s).environment.toObject(); },
  globals: function (s) { return scopesOf(s).globals.toObject(); },
  data: function (s) { return scopesOf(s).iterationData.toObject(); },
  iteration: function (s) { return s.payload.info.iteration; },
  request: function (s) {
    var request = requestModel(s);
    var body = request.body;
    var data = {};
    if (body !== undefined && body.mode === 'raw') data = body.raw;
    else if (body !== undefined && (body.mode === 'urlencoded' || body.mode === 'formdata')) data = body[body.mode].toObject(true, true);
    return {
      id: request.id,
      name: request.name,
      headers: request.headers.toObject(false, true),
      method: request.method,
      url: request.url.toString(),
      data: data,
    };
  },
};
`;
