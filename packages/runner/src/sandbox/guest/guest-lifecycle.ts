/**
 * Guest code: one script's life — compiled into a function of its own (a per-context cache keeps each source's
 * function), run, then summed up as the JSON the host reads. The returned `api` is all the host calls.
 */
// biome-ignore lint/complexity/noUselessStringRaw: guest code keeps any escape it gains as written, for QuickJS to read
export const GUEST_LIFECYCLE = String.raw`
var compiled = new Map();

/**
 * Built-ins the prelude (and chai) call. A script that replaces one would change how every later script of the
 * context is judged, so finish() reports it and the host gives the next script a new context.
 */
var RELIED_ON = [
  [Array.prototype, ['push', 'map', 'forEach', 'filter', 'some', 'slice', 'indexOf', 'join', 'reduce', 'find']],
  [Object, ['keys', 'defineProperty', 'getPrototypeOf', 'setPrototypeOf', 'create', 'assign', 'freeze']],
  [Object.prototype, ['hasOwnProperty', 'toString']],
  [Function.prototype, ['call', 'apply', 'bind']],
  [String.prototype, ['replace', 'split', 'slice', 'indexOf', 'toLowerCase', 'trim']],
  [Map.prototype, ['get', 'set', 'has', 'delete', 'forEach']],
  [Promise, ['resolve', 'reject']],
  [Promise.prototype, ['then']],
  [JSON, ['parse', 'stringify']],
  [chai, ['expect', 'assert']],
  [chai.Assertion.prototype, ['assert']],
  [globalThis, ['Promise', 'Proxy', 'Reflect', 'Error', 'Map', 'Object', 'Array', 'String', 'JSON']],
].map(function (entry) {
  return [entry[0], entry[1], entry[1].map(function (name) { return entry[0][name]; })];
});

function builtInsReplaced() {
  try {
    return RELIED_ON.some(function (entry) {
      return entry[1].some(function (name, i) { return entry[0][name] !== entry[2][i]; });
    });
  } catch (e) {
    return true;
  }
}

/** Top-level await is allowed: a script that only parses as an async function body runs as one. */
function compile(source) {
  var fn = compiled.get(source);
  if (fn !== undefined) return fn;
  try {
    fn = FunctionCtor(source);
  } catch (e) {
    if (!(e instanceof SyntaxError) || source.indexOf('await') < 0) throw e;
    try {
      fn = AsyncFunctionCtor(source);
    } catch (again) {
      throw e;
    }
  }
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(source, fn);
  return fn;
}

function syntaxError(e) {
  var info = errorInfo(e);
  // The compiled function's body starts on the third line of what QuickJS parses.
  var line = typeof e.lineNumber === 'number' ? e.lineNumber - 2 : 0;
  return { kind: 'syntax', name: info.name, message: info.message + (line > 0 ? ' (line ' + line + ')' : '') };
}

function start(payloadJson, source, body) {
  var s = newState(parseJson(payloadJson), body);
  state = s;
  var fn;
  try {
    fn = compile(source);
  } catch (e) {
    s.error = syntaxError(e);
    return;
  }
  var result;
  try {
    result = fn();
  } catch (e) {
    recordError(e);
    return;
  }
  if (result !== null && typeof result === 'object' && typeof result.then === 'function') {
    s.awaiting = true;
    Promise.resolve(result).then(
      function () { s.awaiting = false; },
      function (e) { s.awaiting = false; recordError(e); },
    );
  }
}

function finish() {
  var s = state;
  state = null;
  if (s === null) return 'null';
  var legacy = s.cache['g:tests'];
  if (legacy !== null && typeof legacy === 'object') {
    Object.keys(legacy).forEach(function (name) {
      var passed = Boolean(legacy[name]);
      var entry = { name: name, passed: passed };
      if (!passed) entry.error = { name: 'AssertionError', message: 'expected ' + safeText(legacy[name]) + ' to be truthy' };
      s.tests.push(entry);
    });
  }
  var tests = s.tests.map(function (entry) {
    if (entry.pending === undefined) return entry;
    return { name: entry.name, passed: false, error: { name: 'Error', message: 'the test did not finish: ' + entry.pending } };
  });
  if (s.awaiting && s.error === null) {
    s.error = { kind: 'runtime', name: 'Error', message: 'the script awaits a promise that nothing can settle' };
  }
  if (s.consoleDropped > 0) {
    s.console.push({ level: 'warn', text: s.consoleDropped + ' more console lines were left out' });
  }
  var out = { tests: tests, console: s.console, changes: s.changes, error: s.error };
  if (s.nextRequest !== undefined) out.nextRequest = s.nextRequest;
  if (s.skipRequest) out.skipRequest = true;
  if (s.stopRun) out.stopRun = true;
  if (builtInsReplaced()) out.tampered = true;
  if (s.event === 'prerequest') out.request = requestModel(s).toHost();
  return stringify(out);
}

var api = { start: start, deliver: deliver, finish: finish };
`;
