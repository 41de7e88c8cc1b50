/**
 * Guest code (it runs inside QuickJS, never in Node): the bookkeeping of the script being run — its console lines,
 * tests, errors, and the operations it waits for on the host (sendRequest, timers). Part of the prelude that
 * guest-prelude.ts assembles; the names it defines are shared by the other parts.
 */
// biome-ignore lint/complexity/noUselessStringRaw: guest code keeps any escape it gains as written, for QuickJS to read
export const GUEST_RUNTIME = String.raw`
var stringify = JSON.stringify;
var parseJson = JSON.parse;
var FunctionCtor = Function;
var AsyncFunctionCtor = Object.getPrototypeOf(async function () {}).constructor;
var MAX_CONSOLE_LINES = 1000;
var MAX_LINE_CHARS = 10000;
var MAX_COMPILED = 500;

/** The script being run, or null between scripts. */
var state = null;

function current() {
  if (state === null) throw new Error('this script has finished; its pm, bru, req and res can no longer be used');
  return state;
}

function newState(payload, body) {
  return {
    event: payload.event,
    payload: payload,
    responseBody: body,
    tests: [],
    console: [],
    consoleDropped: 0,
    changes: [],
    ops: new Map(),
    nextOp: 1,
    error: null,
    nextRequest: undefined,
    skipRequest: false,
    stopRun: false,
    awaiting: false,
    cache: Object.create(null),
  };
}

/** A value of the current script computed once, on first use (most scripts touch few of pm's parts). */
function cached(s, name, build) {
  if (!(name in s.cache)) s.cache[name] = build(s);
  return s.cache[name];
}

function safeText(value) {
  try {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.name + ': ' + value.message;
    if (typeof value === 'function') return '[Function' + (value.name ? ': ' + value.name : '') + ']';
    if (typeof value === 'object' && value !== null) {
      var json = stringify(value);
      return json === undefined ? String(value) : json;
    }
    return String(value);
  } catch (e) {
    try {
      return String(value);
    } catch (again) {
      return '[a value that cannot be printed]';
    }
  }
}

function errorInfo(error) {
  if (error !== null && typeof error === 'object') {
    try {
      return { name: String(error.name || 'Error'), message: String(error.message) };
    } catch (e) {
      return { name: 'Error', message: 'an error whose message cannot be read' };
    }
  }
  return { name: 'Error', message: safeText(error) };
}

/** The first failure of the script outside its tests wins, as in newman. */
function recordError(error) {
  if (state === null || state.error !== null) return;
  var info = errorInfo(error);
  state.error = { kind: 'runtime', name: info.name, message: info.message };
}

/** Runs a callback of the script (a timer's, a response's), keeping its error as the script's error. */
function guard(fn) {
  try {
    fn();
  } catch (e) {
    recordError(e);
  }
}

function writeConsole(level, args) {
  var s = state;
  if (s === null) return;
  if (s.console.length >= MAX_CONSOLE_LINES) {
    s.consoleDropped++;
    return;
  }
  var parts = [];
  for (var i = 0; i < args.length; i++) parts.push(safeText(args[i]));
  var text = parts.join(' ');
  if (text.length > MAX_LINE_CHARS) {
    text = text.slice(0, MAX_LINE_CHARS) + '… (' + (text.length - MAX_LINE_CHARS) + ' more characters)';
  }
  s.console.push({ level: level, text: text });
}

var guestConsole = {
  log: function () { writeConsole('log', arguments); },
  info: function () { writeConsole('info', arguments); },
  warn: function () { writeConsole('warn', arguments); },
  error: function () { writeConsole('error', arguments); },
  debug: function () { writeConsole('debug', arguments); },
  trace: function () { writeConsole('debug', arguments); },
};

function failTest(entry, error) {
  entry.passed = false;
  entry.error = errorInfo(error);
}

/**
 * Records a test and runs it. A function with a parameter gets Postman's done callback (Bruno's tests get none); a
 * returned promise is waited for. Either way the verdict keeps the test's place in the order of declaration.
 * Resolves when the test has its verdict.
 */
function runTest(name, fn, skipped, withoutDone) {
  var s = current();
  var entry = { name: String(name), passed: true };
  s.tests.push(entry);
  if (skipped) {
    entry.skipped = true;
    return Promise.resolve();
  }
  if (typeof fn !== 'function') return Promise.resolve();
  if (fn.length > 0 && !withoutDone) {
    entry.pending = 'its done callback was never called';
    return new Promise(function (resolve) {
      var settle = function (error) {
        if (entry.pending === undefined) return;
        delete entry.pending;
        if (error) failTest(entry, error);
        resolve();
      };
      try {
        fn(function done(error) { settle(error); });
      } catch (e) {
        settle(e || new Error(safeText(e)));
      }
    });
  }
  var result;
  try {
    result = fn();
  } catch (e) {
    failTest(entry, e);
    return Promise.resolve();
  }
  if (result === null || typeof result !== 'object' || typeof result.then !== 'function') return Promise.resolve();
  entry.pending = 'its promise never settled';
  return Promise.resolve(result).then(
    function () { delete entry.pending; },
    function (e) { delete entry.pending; failTest(entry, e); },
  );
}

/** Starts an operation on the host; its completion calls op.done(ok, json, body) through deliver(). */
function startOp(s, op, begin) {
  var id = s.nextOp++;
  s.ops.set(id, op);
  begin(id);
  return id;
}

function deliver(id, ok, json, body) {
  var s = state;
  var op = s === null ? undefined : s.ops.get(id);
  if (op === undefined) return;
  if (!op.repeat) s.ops.delete(id);
  op.done(ok, json, body);
  if (op.repeat && s.ops.get(id) === op) host.timer(id, op.ms);
}
`;
