/**
 * Guest code: what a script waits for on the host — timers, pm.sendRequest (callback or promise) and
 * bru.sendRequest (axios-like). Callbacks run after the script's body; the script ends when none is left.
 */
export const GUEST_ASYNC = String.raw`
function setTimer(fn, ms, args, repeat) {
  if (typeof fn !== 'function') throw new TypeError('the callback of a timer must be a function');
  var s = current();
  var delay = Number(ms) >= 0 ? Number(ms) : 0;
  var op = {
    timer: true,
    repeat: repeat,
    ms: delay,
    done: function () {
      guard(function () { fn.apply(undefined, args); });
    },
  };
  return startOp(s, op, function (id) { host.timer(id, delay); });
}

function clearTimer(id) {
  var s = state;
  if (s === null) return;
  var op = s.ops.get(id);
  if (op === undefined || !op.timer) return;
  s.ops.delete(id);
  host.cancel(id);
}

var timers = {
  setTimeout: function (fn, ms) { return setTimer(fn, ms, Array.prototype.slice.call(arguments, 2), false); },
  setInterval: function (fn, ms) { return setTimer(fn, ms, Array.prototype.slice.call(arguments, 2), true); },
  setImmediate: function (fn) { return setTimer(fn, 0, Array.prototype.slice.call(arguments, 1), false); },
  clearTimeout: clearTimer,
  clearInterval: clearTimer,
  clearImmediate: clearTimer,
};

function headerRows(headers) {
  if (headers === undefined || headers === null) return [];
  if (typeof headers === 'string') headers = headers.split('\n').filter(function (line) { return line.trim() !== ''; });
  if (headers instanceof PropertyList) return toKeyValues(headers);
  if (Array.isArray(headers)) return toKeyValues(new PropertyList(headers, 'header'));
  return Object.keys(headers).map(function (key) { return { key: key, value: String(headers[key]) }; });
}

/** pm.sendRequest's argument (a URL, a Request, or Postman's request definition) as the host's request. */
function outgoingOf(request) {
  if (typeof request === 'string') return { method: 'GET', url: request, headers: [], body: { mode: 'none' } };
  if (request instanceof PmRequest) {
    var own = request.toHost();
    return { method: own.method, url: own.url, headers: own.headers, body: own.body };
  }
  var url = request.url instanceof Url ? request.url.toString() : new Url(request.url).toString();
  var body = request.body === undefined || request.body === null ? undefined : new RequestBody(request.body);
  return {
    method: String(request.method || 'GET').toUpperCase(),
    url: url,
    headers: headerRows(request.header !== undefined ? request.header : request.headers),
    body: bodyToHost(body),
  };
}

/** Sends through the host; resolves with the answer's JSON and body, rejects with the host's message. */
function hostSend(outgoing) {
  var s = current();
  return new Promise(function (resolve, reject) {
    var op = {
      done: function (ok, json, body) {
        if (ok) resolve({ data: parseJson(json), body: body });
        else reject(new Error(json));
      },
    };
    startOp(s, op, function (id) { host.send(id, stringify(outgoing)); });
  });
}

function pmSendRequest(request, callback) {
  if (!request) {
    var missing = new Error('sendrequest: nothing to request');
    if (typeof callback === 'function') guard(function () { callback(missing); });
    return typeof callback === 'function' ? undefined : Promise.reject(missing);
  }
  var answer = hostSend(outgoingOf(request)).then(function (reply) {
    return new PostmanResponse(reply.data, reply.body);
  });
  if (typeof callback !== 'function') return answer;
  answer.then(
    function (response) { guard(function () { callback(null, response); }); },
    function (error) { guard(function () { callback(error); }); },
  );
  return undefined;
}

function parsedBody(text) {
  try {
    return parseJson(String(text).replace(BYTE_ORDER_MARK, ''));
  } catch (e) {
    return text;
  }
}

function lowerCaseHeaders(rows) {
  var out = {};
  rows.forEach(function (row) { out[row.key.toLowerCase()] = row.value; });
  return out;
}

/** bru.sendRequest(config, callback?): axios's request config and response; a status outside 2xx rejects. */
function bruSendRequest(config, callback) {
  var options = typeof config === 'string' ? { url: config } : config || {};
  var headers = headerRows(options.headers);
  var body = { mode: 'none' };
  if (options.data !== undefined && options.data !== null) {
    var isText = typeof options.data === 'string';
    body = { mode: isText ? 'text' : 'json', text: isText ? options.data : stringify(options.data) };
    var typed = headers.some(function (row) { return row.key.toLowerCase() === 'content-type'; });
    if (!isText && !typed) headers.push({ key: 'Content-Type', value: 'application/json' });
  }
  var url = new Url(options.url);
  if (options.params && typeof options.params === 'object') {
    Object.keys(options.params).forEach(function (key) { url.query.add({ key: key, value: String(options.params[key]) }); });
  }
  var outgoing = { method: String(options.method || 'GET').toUpperCase(), url: url.toString(), headers: headers, body: body };
  var answer = hostSend(outgoing).then(function (reply) {
    var response = {
      status: reply.data.code,
      statusText: reply.data.status,
      headers: lowerCaseHeaders(reply.data.headers),
      data: parsedBody(reply.body),
      responseTime: reply.data.responseTime,
    };
    if (response.status >= 200 && response.status < 300) return response;
    var error = new Error('Request failed with status code ' + response.status);
    error.status = response.status;
    error.response = response;
    throw error;
  });
  if (typeof callback !== 'function') return answer;
  return answer.then(
    function (response) { guard(function () { callback(null, response); }); return response; },
    function (error) { guard(function () { callback(error, null); }); },
  );
}
`;
