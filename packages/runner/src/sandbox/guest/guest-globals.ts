/**
 * Guest code: the names scripts find in scope. `pm`, `bru`, console, timers and the rest are made once per context
 * and cannot be replaced; the per-script ones (Postman's legacy globals, Bruno's req and res) are accessors that
 * give the running script's values, so a script's own `const data = …` or `let res` simply shadows them.
 */
// biome-ignore lint/complexity/noUselessStringRaw: guest code keeps any escape it gains as written, for QuickJS to read
export const GUEST_GLOBALS = String.raw`
function defineGlobal(name, value) {
  Object.defineProperty(globalThis, name, { value: value, writable: false, configurable: false, enumerable: false });
}

function scriptGlobal(name, build) {
  var key = 'g:' + name;
  Object.defineProperty(globalThis, name, {
    configurable: false,
    enumerable: false,
    get: function () { return state === null ? undefined : cached(state, key, build); },
    set: function (value) { if (state !== null) state.cache[key] = value; },
  });
}

// Read-only as Postman's are: one script cannot take pm.test away from the scripts after it.
[pm.test, pm.execution, pm.visualizer, pm, postman, bru.runner, bru, guestConsole].forEach(Object.freeze);

defineGlobal('pm', pm);
defineGlobal('postman', postman);
defineGlobal('bru', bru);
defineGlobal('test', bruTest);
defineGlobal('expect', chai.expect);
defineGlobal('assert', chai.assert);
defineGlobal('console', guestConsole);
defineGlobal('require', requireModule);
defineGlobal('atob', atob);
defineGlobal('btoa', btoa);
Object.keys(timers).forEach(function (name) { defineGlobal(name, timers[name]); });
Object.keys(LEGACY_GLOBALS).forEach(function (name) { scriptGlobal(name, LEGACY_GLOBALS[name]); });
Object.keys(BRUNO_GLOBALS).forEach(function (name) { scriptGlobal(name, BRUNO_GLOBALS[name]); })

// Postman's sandbox loads Sugar, and legacy test scripts lean on its String#has: responseBody.has("token").
Object.defineProperty(String.prototype, 'has', {
  configurable: true,
  writable: true,
  enumerable: false,
  value: function has(find) {
    return find instanceof RegExp ? String(this).search(find) !== -1 : String(this).indexOf(String(find)) !== -1;
  },
});
`;
