/**
 * Guest code: Postman's Url — protocol, auth, host, port, path, query, hash — parsed from the URL as written
 * ({{vars}} unresolved). A URL the script leaves alone goes back to the host exactly as it came.
 */
export const GUEST_URL = String.raw`
var PROTOCOL = /^([^:\/?#{}]+):\/\//;
var PORT = /^(.*):(\d+|\{\{[^{}]*\}\})$/;

function parseQuery(text) {
  if (text === undefined || text === '') return [];
  return text.split('&').map(function (pair) {
    var at = pair.indexOf('=');
    return at < 0 ? { key: pair, value: null } : { key: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

function Url(raw) {
  this.update(raw);
}

Url.prototype = {
  constructor: Url,
  update: function (raw) {
    if (raw instanceof Url) raw = raw.toString();
    else if (raw !== null && typeof raw === 'object') raw = raw.raw === undefined ? '' : raw.raw;
    var text = raw === undefined || raw === null ? '' : String(raw);
    var rest = text;
    var at = rest.indexOf('#');
    this.hash = undefined;
    if (at >= 0) {
      this.hash = rest.slice(at + 1);
      rest = rest.slice(0, at);
    }
    var query;
    at = rest.indexOf('?');
    if (at >= 0) {
      query = rest.slice(at + 1);
      rest = rest.slice(0, at);
    }
    var protocol = PROTOCOL.exec(rest);
    this.protocol = protocol ? protocol[1] : undefined;
    if (protocol) rest = rest.slice(protocol[0].length);
    var slash = rest.indexOf('/');
    var authority = slash < 0 ? rest : rest.slice(0, slash);
    this.auth = undefined;
    at = authority.lastIndexOf('@');
    if (at >= 0) {
      var credentials = authority.slice(0, at);
      var colon = credentials.indexOf(':');
      this.auth = colon < 0 ? { user: credentials } : { user: credentials.slice(0, colon), password: credentials.slice(colon + 1) };
      authority = authority.slice(at + 1);
    }
    var port = PORT.exec(authority);
    this.port = port ? port[2] : undefined;
    if (port) authority = port[1];
    this.host = authority === '' ? undefined : authority.split('.');
    this.path = slash < 0 ? undefined : rest.slice(slash + 1).split('/');
    this.query = new PropertyList(parseQuery(query), 'query');
    this._raw = text;
    this._pristine = this.toString();
  },
  getHost: function () {
    return Array.isArray(this.host) ? this.host.join('.') : this.host ? String(this.host) : '';
  },
  getPath: function () {
    return '/' + (Array.isArray(this.path) ? this.path.join('/') : this.path ? String(this.path) : '');
  },
  getQueryString: function () {
    return this.query.toString();
  },
  getPathWithQuery: function () {
    var query = this.getQueryString();
    return this.getPath() + (query ? '?' + query : '');
  },
  getRemote: function () {
    return this.getHost() + (this.port ? ':' + this.port : '');
  },
  getRaw: function () {
    return this.toString();
  },
  addQueryParams: function (params) {
    this.query.populate(typeof params === 'string' ? parseQuery(params) : params);
  },
  removeQueryParams: function (params) {
    var self = this;
    (Array.isArray(params) ? params : [params]).forEach(function (param) {
      self.query.remove(param !== null && typeof param === 'object' ? param.key : param);
    });
  },
  toString: function () {
    var out = this.protocol ? this.protocol + '://' : '';
    if (this.auth && this.auth.user !== undefined) {
      out += this.auth.user + (this.auth.password === undefined ? '' : ':' + this.auth.password) + '@';
    }
    out += this.getHost();
    if (this.port !== undefined && this.port !== null && this.port !== '') out += ':' + this.port;
    if (this.path !== undefined && this.path !== null) out += this.getPath();
    var query = this.getQueryString();
    if (query) out += '?' + query;
    if (this.hash !== undefined && this.hash !== null) out += '#' + this.hash;
    return out;
  },
  toJSON: function () {
    return { raw: this.toString(), protocol: this.protocol, host: this.host, port: this.port, path: this.path, query: this.query.toJSON(), hash: this.hash };
  },
  /** The URL for the host: as written when the script changed nothing in it. */
  toHost: function () {
    var now = this.toString();
    return now === this._pristine ? this._raw : now;
  },
};
`;
