/**
 * Guest code: Postman's PropertyList for key/value members — headers (keys case-insensitive), query params and
 * form fields. The last member with a key is the one `get` and `one` give, as in postman-collection.
 */
export const GUEST_PROPERTY_LIST = String.raw`
function toMember(item, kind) {
  if (typeof item === 'string') {
    var at = item.indexOf(kind === 'header' ? ':' : '=');
    return at < 0 ? { key: item.trim(), value: '' } : { key: item.slice(0, at).trim(), value: item.slice(at + 1).trim() };
  }
  var member = {};
  for (var name in item) if (Object.prototype.hasOwnProperty.call(item, name)) member[name] = item[name];
  member.key = item.key === undefined || item.key === null ? '' : String(item.key);
  if (kind === 'header') member.value = item.value === undefined || item.value === null ? '' : String(item.value);
  return member;
}

function PropertyList(items, kind) {
  this._kind = kind;
  this.members = [];
  if (items) for (var i = 0; i < items.length; i++) this.add(items[i]);
}

PropertyList.prototype = {
  constructor: PropertyList,
  _key: function (key) {
    var text = String(key);
    return this._kind === 'header' ? text.toLowerCase() : text;
  },
  add: function (item) {
    if (item === null || item === undefined) return;
    this.members.push(toMember(item, this._kind));
  },
  append: function (item) {
    this.add(item);
  },
  upsert: function (item) {
    if (item === null || item === undefined) return null;
    var member = toMember(item, this._kind);
    var existing = this.one(member.key);
    if (existing === undefined) {
      this.members.push(member);
      return true;
    }
    for (var name in member) existing[name] = member[name];
    return false;
  },
  one: function (key) {
    var wanted = this._key(key);
    for (var i = this.members.length - 1; i >= 0; i--) {
      if (this._key(this.members[i].key) === wanted) return this.members[i];
    }
    return undefined;
  },
  get: function (key) {
    var member = this.one(key);
    return member === undefined ? undefined : member.value;
  },
  has: function (item, value) {
    var key = item !== null && typeof item === 'object' ? item.key : item;
    var wanted = this._key(key);
    var withValue = arguments.length > 1;
    var self = this;
    return this.members.some(function (member) {
      return self._key(member.key) === wanted && (!withValue || member.value === value);
    });
  },
  remove: function (predicate, context) {
    var self = this;
    var test;
    if (typeof predicate === 'function') test = function (member) { return predicate.call(context, member); };
    else if (predicate !== null && typeof predicate === 'object') test = function (member) { return member === predicate; };
    else {
      var wanted = this._key(predicate);
      test = function (member) { return self._key(member.key) === wanted; };
    }
    this.members = this.members.filter(function (member) { return !test(member); });
  },
  clear: function () {
    this.members = [];
  },
  populate: function (items) {
    var self = this;
    (Array.isArray(items) ? items : [items]).forEach(function (item) { self.add(item); });
  },
  repopulate: function (items) {
    this.clear();
    this.populate(items);
  },
  all: function () {
    return this.members.slice();
  },
  count: function () {
    return this.members.length;
  },
  idx: function (index) {
    return this.members[index];
  },
  indexOf: function (item) {
    return this.members.indexOf(item);
  },
  each: function (fn, context) {
    this.members.slice().forEach(function (member) { fn.call(context, member); });
  },
  filter: function (fn, context) {
    return this.members.filter(function (member) { return fn.call(context, member); });
  },
  find: function (fn, context) {
    return this.members.find(function (member) { return fn.call(context, member); });
  },
  map: function (fn, context) {
    return this.members.map(function (member) { return fn.call(context, member); });
  },
  reduce: function (fn, accumulator, context) {
    return this.members.reduce(function (acc, member) { return fn.call(context, acc, member); }, accumulator);
  },
  toObject: function (excludeDisabled, caseSensitive, multiValue) {
    var out = {};
    var lower = this._kind === 'header' && !caseSensitive;
    this.members.forEach(function (member) {
      if (excludeDisabled && member.disabled) return;
      var key = lower ? member.key.toLowerCase() : member.key;
      if (multiValue && Object.prototype.hasOwnProperty.call(out, key)) {
        if (!Array.isArray(out[key])) out[key] = [out[key]];
        out[key].push(member.value);
      } else out[key] = member.value;
    });
    return out;
  },
  toString: function () {
    var header = this._kind === 'header';
    return this.members
      .filter(function (member) { return !member.disabled; })
      .map(function (member) {
        if (header) return member.key + ': ' + member.value;
        return member.value === null || member.value === undefined ? member.key : member.key + '=' + member.value;
      })
      .join(header ? '\n' : '&');
  },
  toJSON: function () {
    return this.members.slice();
  },
  /** Postman's header size: each enabled header as "key: value" and a line end. */
  contentSize: function () {
    return this.members.reduce(function (size, member) {
      return member.disabled ? size : size + member.key.length + String(member.value).length + 4;
    }, 0);
  },
};

/** A list's members as the host's KeyValue rows. */
function toKeyValues(list) {
  return list.members.map(function (member) {
    var row = { key: member.key, value: member.value === null || member.value === undefined ? '' : String(member.value) };
    if (member.disabled) row.enabled = false;
    return row;
  });
}

function fromKeyValues(rows) {
  return rows.map(function (row) {
    var member = { key: row.key, value: row.value };
    if (row.enabled === false) member.disabled = true;
    return member;
  });
}
`;
