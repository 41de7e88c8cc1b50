/**
 * What scripts find in Client's sandbox (packages/runner/src/sandbox/guest/), as the script editors offer it:
 * each object a script can reach by name, with its members, their signatures and a line on what each does.
 */

export interface ScriptMember {
  name: string;
  kind: 'function' | 'property' | 'object';
  /** The call as written (`get(name)`), or the value's type. */
  detail: string;
  doc: string;
}

const fn = (name: string, detail: string, doc: string): ScriptMember => ({ name, kind: 'function', detail, doc });
const prop = (name: string, detail: string, doc: string): ScriptMember => ({ name, kind: 'property', detail, doc });
const obj = (name: string, doc: string): ScriptMember => ({ name, kind: 'object', detail: 'object', doc });

/** Postman's variable layers (pm.environment, pm.collectionVariables, …) share one API. */
function variableLayer(where: string): ScriptMember[] {
  return [
    fn('get', 'get(name)', `The value of a variable ${where}; undefined when it has none.`),
    fn('set', 'set(name, value)', `Sets a variable ${where} for the rest of the run.`),
    fn('unset', 'unset(name)', `Removes a variable ${where}.`),
    fn('has', 'has(name)', `Whether a variable of that name is ${where}.`),
    fn('clear', 'clear()', `Removes every variable ${where}.`),
    fn('toObject', 'toObject()', `Every variable ${where} as one object.`),
    fn('replaceIn', 'replaceIn(text)', `The text with its {{variables}} resolved ${where}.`),
  ];
}

const HEADER_LIST: ScriptMember[] = [
  fn('get', 'get(name)', 'The value of the header of that name (any case).'),
  fn('has', 'has(name)', 'Whether the header is there.'),
  fn('toObject', 'toObject()', 'Every header as one object, name to value.'),
  fn('each', 'each(callback)', 'Calls back with each header ({key, value}).'),
];

/** Members by the object path a script writes before the dot. */
export const SCRIPT_API: Readonly<Record<string, readonly ScriptMember[]>> = {
  pm: [
    fn('test', 'test(name, fn)', 'A named test: passes when fn returns without throwing (pm.expect throws on a miss).'),
    fn('expect', 'expect(value)', 'A chai expectation: pm.expect(value).to.equal(1), .to.have.property("id"), …'),
    obj('response', 'The response (post-response and test scripts): code, status, headers, json(), text().'),
    obj('request', 'The request about to be sent, which pre-request scripts may change: url, method, headers, body.'),
    obj('environment', 'Variables of the environment in use: get, set, unset. Kept only when you choose to.'),
    obj('collectionVariables', "The project's variables: get, set, unset. Kept only when you choose to."),
    obj('variables', 'Every layer at once, nearest first (local, data, environment, project, globals); set is local.'),
    obj('globals', 'Global variables: they live for the run (Client keeps no globals).'),
    obj('iterationData', "The data file's row of this iteration: get(column)."),
    obj('info', 'Where the script runs: eventName, iteration, iterationCount, requestName, requestId.'),
    obj('cookies', 'Cookies the response sets: get(name), has(name).'),
    obj('execution', 'Run control: setNextRequest(name), skipRequest().'),
    fn(
      'sendRequest',
      'sendRequest(request, callback)',
      'Sends another request through the app; callback(error, response).',
    ),
  ],
  'pm.response': [
    prop('code', 'number', 'The status code, like 200.'),
    prop('status', 'string', 'The status text, like "OK".'),
    obj('headers', 'The response headers: get(name), has(name), toObject().'),
    prop('responseTime', 'number', 'Milliseconds from sending to the whole response.'),
    prop('responseSize', 'number', 'Bytes of the body.'),
    fn('json', 'json()', 'The body parsed as JSON; throws when it is not JSON.'),
    fn('text', 'text()', 'The body as text.'),
    obj(
      'to',
      'Assertions on the response: to.have.status(200), to.have.header(name), to.have.jsonBody(path), to.be.ok.',
    ),
  ],
  'pm.response.to': [
    obj('have', 'to.have.status(code), .header(name[, value]), .body(text), .jsonBody(path[, value]).'),
    obj('be', 'to.be.ok, .success, .error, .clientError, .serverError, .json.'),
    obj('not', 'Negates what follows: to.not.have.status(500).'),
  ],
  'pm.response.to.have': [
    fn('status', 'status(codeOrText)', 'Fails unless the status is this code (200) or text ("OK").'),
    fn('header', 'header(name[, value])', 'Fails unless the header is there (with this value).'),
    fn('body', 'body([text])', 'Fails unless the body is there (and is this text).'),
    fn('jsonBody', 'jsonBody([path[, value]])', 'Fails unless the body is JSON (holding this path, with this value).'),
  ],
  'pm.response.headers': HEADER_LIST,
  'pm.request': [
    prop('url', 'Url', 'The URL: toString(), getHost(), getPath(), addQueryParams(…).'),
    prop('method', 'string', 'The method, like "GET"; may be changed before sending.'),
    obj('headers', 'The request headers: add({key, value}), upsert({key, value}), remove(name), get(name).'),
    prop('body', 'RequestBody', 'The body: mode, raw, urlencoded, formdata; update(…) changes it.'),
    prop('name', 'string', "The endpoint's name."),
    prop('id', 'string', "The endpoint's id."),
  ],
  'pm.request.headers': [
    ...HEADER_LIST,
    fn('add', 'add({key, value})', 'Adds a header.'),
    fn('upsert', 'upsert({key, value})', 'Sets a header, replacing one of that name.'),
    fn('remove', 'remove(name)', 'Removes the header of that name.'),
  ],
  'pm.environment': variableLayer('in the environment'),
  'pm.collectionVariables': variableLayer("in the project's variables"),
  'pm.globals': variableLayer('in the globals'),
  'pm.variables': variableLayer('in any layer (set: local, for this run)'),
  'pm.iterationData': [
    fn('get', 'get(column)', "This iteration's value of a data file column."),
    fn('has', 'has(column)', 'Whether the data row has that column.'),
    fn('toObject', 'toObject()', 'The whole data row.'),
  ],
  'pm.info': [
    prop('eventName', 'string', '"prerequest" or "test".'),
    prop('iteration', 'number', 'The iteration, counted from 0.'),
    prop('iterationCount', 'number', 'How many iterations the run has.'),
    prop('requestName', 'string', "The endpoint's name."),
    prop('requestId', 'string', "The endpoint's id."),
  ],
  'pm.cookies': [
    fn('get', 'get(name)', 'The value of a cookie the response set.'),
    fn('has', 'has(name)', 'Whether the response set that cookie.'),
  ],
  'pm.execution': [
    fn('setNextRequest', 'setNextRequest(name)', 'In a run, goes on with the request of that name (null: stops).'),
    fn('skipRequest', 'skipRequest()', 'In a pre-request script: the request is not sent.'),
  ],
  'pm.test': [fn('skip', 'skip(name, fn)', 'A test that is counted as skipped and not run.')],
  bru: [
    fn('getEnvVar', 'getEnvVar(name)', 'A variable of the environment in use.'),
    fn(
      'setEnvVar',
      'setEnvVar(name, value)',
      'Sets an environment variable for the run; kept only when you choose to.',
    ),
    fn('hasEnvVar', 'hasEnvVar(name)', 'Whether the environment has the variable.'),
    fn('deleteEnvVar', 'deleteEnvVar(name)', 'Removes an environment variable for the run.'),
    fn('getVar', 'getVar(name)', 'A runtime variable (set by a script earlier in the run).'),
    fn('setVar', 'setVar(name, value)', 'Sets a runtime variable: later requests of the run read it as {{name}}.'),
    fn('hasVar', 'hasVar(name)', 'Whether a runtime variable of that name is set.'),
    fn('deleteVar', 'deleteVar(name)', 'Removes a runtime variable.'),
    fn('getCollectionVar', 'getCollectionVar(name)', "A project variable (Bruno's collection variable)."),
    fn('setCollectionVar', 'setCollectionVar(name, value)', 'Sets a project variable for the run.'),
    fn('getEnvName', 'getEnvName()', "The environment's name."),
    fn('interpolate', 'interpolate(text)', 'The text with its {{variables}} resolved.'),
    fn('setNextRequest', 'setNextRequest(name)', 'In a run, goes on with the request of that name.'),
    obj('runner', 'Run control: skipRequest(), stopExecution(), setNextRequest(name).'),
    fn('sleep', 'sleep(ms)', 'A promise that settles after ms milliseconds: await bru.sleep(100).'),
    fn('sendRequest', 'sendRequest(request, callback)', 'Sends another request through the app.'),
  ],
  'bru.runner': [
    fn('skipRequest', 'skipRequest()', 'In a pre-request script: the request is not sent.'),
    fn('stopExecution', 'stopExecution()', 'Ends the run after this request.'),
    fn('setNextRequest', 'setNextRequest(name)', 'Goes on with the request of that name.'),
  ],
  req: [
    fn('getUrl', 'getUrl()', 'The URL.'),
    fn('setUrl', 'setUrl(url)', 'Changes the URL before sending.'),
    fn('getMethod', 'getMethod()', 'The method.'),
    fn('setMethod', 'setMethod(method)', 'Changes the method before sending.'),
    fn('getHeader', 'getHeader(name)', 'A header value.'),
    fn('getHeaders', 'getHeaders()', 'Every header, name to value.'),
    fn('setHeader', 'setHeader(name, value)', 'Sets a header.'),
    fn('deleteHeader', 'deleteHeader(name)', 'Removes a header.'),
    fn('getBody', 'getBody()', 'The body (parsed when it is JSON).'),
    fn('setBody', 'setBody(data)', 'Replaces the body (an object is sent as JSON).'),
    fn('getName', 'getName()', "The endpoint's name."),
  ],
  res: [
    prop('status', 'number', 'The status code.'),
    prop('statusText', 'string', 'The status text.'),
    prop('headers', 'object', 'The headers, lower-case name to value.'),
    prop('body', 'any', 'The body, parsed when it is JSON.'),
    prop('responseTime', 'number', 'Milliseconds from sending to the whole response.'),
    fn('getStatus', 'getStatus()', 'The status code.'),
    fn('getHeader', 'getHeader(name)', 'A header value.'),
    fn('getHeaders', 'getHeaders()', 'Every header.'),
    fn('getBody', 'getBody()', 'The body, parsed when it is JSON.'),
    fn('getResponseTime', 'getResponseTime()', 'Milliseconds from sending to the whole response.'),
    fn('getSize', 'getSize()', 'The sizes of the body and headers in bytes.'),
  ],
  console: [
    fn('log', 'log(...values)', 'A line in the Tests section of the response, and in the run.'),
    fn('info', 'info(...values)', 'An info line.'),
    fn('warn', 'warn(...values)', 'A warning line.'),
    fn('error', 'error(...values)', 'An error line.'),
  ],
};

/** The names a script can start with. */
export const SCRIPT_GLOBALS: readonly ScriptMember[] = [
  obj('pm', "Postman's scripting API: pm.test, pm.expect, pm.response, pm.environment, …"),
  obj('bru', "Bruno's scripting API: bru.setVar, bru.getEnvVar, …"),
  obj('req', "Bruno's request: req.getUrl(), req.setHeader(name, value), …"),
  obj('res', "Bruno's response (post-response scripts): res.status, res.body, res('path.to.value')."),
  fn('test', 'test(name, fn)', "Bruno's test: passes when fn returns without throwing."),
  fn('expect', 'expect(value)', 'A chai expectation: expect(res.status).to.equal(200).'),
  obj('console', 'console.log and friends: lines shown with the results.'),
];
