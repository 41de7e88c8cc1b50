/**
 * Guest code: the variable layers as scripts see them (Postman's VariableScope API; Bruno's accessors use the same
 * scopes). A secret the request does not use arrives as a name without a value: get gives undefined. Every change is
 * recorded for the host; iterationData's changes stay in the script, as in newman.
 */
export const GUEST_VARIABLES = String.raw`
var LAYER_ORDER = ['local', 'iterationData', 'environment', 'collection', 'globals'];
var VARIABLE_REFERENCE = /\{\{([^{}]+?)\}\}/g;
var MAX_REPLACE_DEPTH = 20;

/** What a value becomes for the host: JSON, as Postman's sandbox hands variables back to newman. */
function toJsonValue(value) {
  if (value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
  if (typeof value === 'number') return isFinite(value) ? value : String(value);
  try {
    var text = stringify(value);
    return text === undefined ? null : parseJson(text);
  } catch (e) {
    return safeText(value);
  }
}

function VariableScope(s, layer, rows, recorded) {
  this._s = s;
  this._layer = layer;
  this._recorded = recorded;
  this._values = new Map();
  for (var i = 0; i < rows.length; i++) {
    this._values.set(rows[i][0], { value: rows[i][1], hidden: rows[i][2] === 1 });
  }
}

VariableScope.prototype = {
  constructor: VariableScope,
  _record: function (change) {
    if (this._recorded) this._s.changes.push(change);
  },
  /** The entry the name has in this layer, or undefined. */
  _entry: function (name) {
    return this._values.get(String(name));
  },
  get: function (name) {
    var entry = this._entry(name);
    return entry === undefined || entry.hidden ? undefined : entry.value;
  },
  has: function (name) {
    return this._values.has(String(name));
  },
  set: function (name, value) {
    var key = String(name);
    this._values.set(key, { value: value, hidden: false });
    this._record({ layer: this._layer, op: 'set', name: key, value: toJsonValue(value) });
  },
  unset: function (name) {
    var key = String(name);
    this._values.delete(key);
    this._record({ layer: this._layer, op: 'unset', name: key });
  },
  clear: function () {
    this._values.clear();
    this._record({ layer: this._layer, op: 'clear' });
  },
  toObject: function () {
    var out = {};
    this._values.forEach(function (entry, name) {
      if (!entry.hidden) out[name] = entry.value;
    });
    return out;
  },
  toJSON: function () {
    return this.toObject();
  },
  replaceIn: function (template) {
    var self = this;
    return replaceVariables(template, function (name) {
      return self.get(name);
    });
  },
};

/** pm.variables: the local layer, read through every layer in newman's precedence. */
function LocalScope(s, scopes) {
  VariableScope.call(this, s, 'local', s.payload.vars.local, true);
  this._scopes = scopes;
}
LocalScope.prototype = Object.create(VariableScope.prototype);
LocalScope.prototype.constructor = LocalScope;
LocalScope.prototype._entry = function (name) {
  for (var i = 0; i < LAYER_ORDER.length; i++) {
    var layer = LAYER_ORDER[i];
    var values = layer === 'local' ? this._values : this._scopes[layer]._values;
    var entry = values.get(String(name));
    if (entry !== undefined) return entry;
  }
  return undefined;
};
LocalScope.prototype.has = function (name) {
  return this._entry(name) !== undefined;
};
LocalScope.prototype.toObject = function () {
  var out = {};
  for (var i = LAYER_ORDER.length - 1; i > 0; i--) Object.assign(out, this._scopes[LAYER_ORDER[i]].toObject());
  return Object.assign(out, VariableScope.prototype.toObject.call(this));
};

function scopesOf(s) {
  return cached(s, 'scopes', function () {
    var vars = s.payload.vars;
    var scopes = {
      globals: new VariableScope(s, 'globals', vars.globals, true),
      collection: new VariableScope(s, 'collection', vars.collection, true),
      environment: new VariableScope(s, 'environment', vars.environment, true),
      iterationData: new VariableScope(s, 'iterationData', vars.iterationData, false),
    };
    scopes.environment.name = s.payload.environmentName;
    scopes.local = new LocalScope(s, scopes);
    return scopes;
  });
}

function uuid() {
  var hex = '0123456789abcdef';
  var out = '';
  for (var i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) out += '-';
    else if (i === 14) out += '4';
    else if (i === 19) out += hex[8 + Math.floor(Math.random() * 4)];
    else out += hex[Math.floor(Math.random() * 16)];
  }
  return out;
}

/** The few dynamic variables of Postman's that scripts use most. */
function dynamicValue(name) {
  switch (name) {
    case '$guid':
    case '$randomUUID':
      return uuid();
    case '$timestamp':
      return String(Math.floor(Date.now() / 1000));
    case '$isoTimestamp':
      return new Date().toISOString();
    case '$randomInt':
      return String(Math.floor(Math.random() * 1001));
    default:
      return undefined;
  }
}

/** {{name}} replaced by its value, again while values hold references; an unknown name stays as written. */
function replaceVariables(template, lookup) {
  if (typeof template !== 'string') {
    if (template === null || typeof template !== 'object') return template;
    return parseJson(replaceVariables(stringify(template), lookup));
  }
  var out = template;
  for (var depth = 0; depth < MAX_REPLACE_DEPTH; depth++) {
    var changed = false;
    out = out.replace(VARIABLE_REFERENCE, function (whole, name) {
      var value = dynamicValue(name);
      if (value === undefined) value = lookup(name);
      if (value === undefined) return whole;
      changed = true;
      return typeof value === 'string' ? value : stringify(value);
    });
    if (!changed) break;
  }
  return out;
}
`;
