/**
 * Guest code: the request as pm.request (Postman's Request and RequestBody) over the host's endpoint request.
 * Bruno's req (guest-bru-request.ts) works on the same object, so both see each other's changes.
 */
// biome-ignore lint/complexity/noUselessStringRaw: guest code keeps any escape it gains as written, for QuickJS to read
export const GUEST_REQUEST = String.raw`
function RequestBody(options) {
  this.update(options);
}

RequestBody.prototype = {
  constructor: RequestBody,
  update: function (options) {
    if (typeof options === 'string') options = { mode: 'raw', raw: options, options: this.options };
    if (options === null || typeof options !== 'object' || !options.mode) return;
    this.mode = String(options.mode);
    this.raw = this.mode === 'raw' ? (options.raw === undefined || options.raw === null ? '' : String(options.raw)) : undefined;
    this.urlencoded = this.mode === 'urlencoded' ? new PropertyList(options.urlencoded || [], 'query') : undefined;
    this.formdata = this.mode === 'formdata' ? new PropertyList(options.formdata || [], 'form') : undefined;
    this.file = this.mode === 'file' ? options.file : undefined;
    this.graphql = this.mode === 'graphql' ? options.graphql : undefined;
    this.options = options.options;
    this.disabled = options.disabled;
  },
  isEmpty: function () {
    var content = this[this.mode];
    if (content instanceof PropertyList) return content.count() === 0;
    return content === undefined || content === null || content === '';
  },
  toString: function () {
    if (this.mode === 'raw') return this.raw;
    if (this.mode === 'urlencoded') return this.urlencoded.toString();
    return '';
  },
  toJSON: function () {
    var out = { mode: this.mode };
    if (this.raw !== undefined) out.raw = this.raw;
    if (this.urlencoded) out.urlencoded = this.urlencoded.toJSON();
    if (this.formdata) out.formdata = this.formdata.toJSON();
    if (this.file !== undefined) out.file = this.file;
    if (this.graphql !== undefined) out.graphql = this.graphql;
    if (this.options !== undefined) out.options = this.options;
    return out;
  },
};

function isJsonBody(body) {
  return Boolean(body && body.mode === 'raw' && body.options && body.options.raw && body.options.raw.language === 'json');
}

function bodyFromHost(body) {
  switch (body.mode) {
    case 'json':
      return new RequestBody({ mode: 'raw', raw: body.text, options: { raw: { language: 'json' } } });
    case 'text':
      return new RequestBody({ mode: 'raw', raw: body.text });
    case 'urlencoded':
      return new RequestBody({ mode: 'urlencoded', urlencoded: fromKeyValues(body.fields) });
    case 'multipart':
      return new RequestBody({
        mode: 'formdata',
        formdata: body.parts.map(function (part) {
          var member = { key: part.name, type: part.file === undefined ? 'text' : 'file' };
          if (part.file === undefined) member.value = part.value === undefined ? '' : part.value;
          else member.src = part.file;
          if (part.contentType !== undefined) member.contentType = part.contentType;
          if (part.enabled === false) member.disabled = true;
          return member;
        }),
      });
    case 'file':
      return new RequestBody({ mode: 'file', file: { src: body.path } });
    case 'graphql':
      return new RequestBody({ mode: 'graphql', graphql: { query: body.query, variables: body.variables } });
    default:
      return undefined;
  }
}

// Postman writes variables as JSON text; a script may set them as an object.
function graphqlToHost(graphql, original) {
  var given = graphql || {};
  var variables = given.variables;
  var out = {
    mode: 'graphql',
    query: given.query === undefined || given.query === null ? '' : String(given.query),
    variables: variables === undefined || variables === null ? '' : typeof variables === 'string' ? variables : JSON.stringify(variables, null, 2),
  };
  if (original && original.mode === 'graphql' && original.operationName !== undefined) out.operationName = original.operationName;
  return out;
}

function formPart(member) {
  var part = { name: member.key };
  if (member.type === 'file' || member.src !== undefined) part.file = String(member.src === undefined ? '' : member.src);
  else part.value = member.value === undefined || member.value === null ? '' : String(member.value);
  if (member.contentType !== undefined) part.contentType = String(member.contentType);
  if (member.disabled) part.enabled = false;
  return part;
}

function bodyToHost(body, original) {
  if (!(body instanceof RequestBody) || !body.mode) return { mode: 'none' };
  switch (body.mode) {
    case 'raw':
      return { mode: isJsonBody(body) ? 'json' : 'text', text: body.raw };
    case 'urlencoded':
      return { mode: 'urlencoded', fields: toKeyValues(body.urlencoded) };
    case 'formdata':
      return { mode: 'multipart', parts: body.formdata.members.map(formPart) };
    case 'file':
      return { mode: 'file', path: String((body.file && body.file.src) || '') };
    case 'graphql':
      return graphqlToHost(body.graphql, original);
    default:
      return original || { mode: 'none' };
  }
}

function PmRequest(data) {
  this.id = data.id;
  this.name = data.name;
  this.method = data.method;
  this.url = data.url;
  this.headers = new PropertyList(fromKeyValues(data.headers), 'header');
  this.body = bodyFromHost(data.body);
  this._original = data;
}

Object.defineProperty(PmRequest.prototype, 'url', {
  get: function () { return this._url; },
  set: function (value) { this._url = value instanceof Url ? value : new Url(value); },
});
Object.defineProperty(PmRequest.prototype, 'body', {
  get: function () { return this._body; },
  set: function (value) {
    if (value === undefined || value === null) this._body = undefined;
    else this._body = value instanceof RequestBody ? value : new RequestBody(value);
  },
});
Object.defineProperty(PmRequest.prototype, 'to', {
  get: function () { return chai.expect(this).to; },
});

PmRequest.prototype.addHeader = function (header) { this.headers.add(header); };
PmRequest.prototype.upsertHeader = function (header) { this.headers.upsert(header); };
PmRequest.prototype.removeHeader = function (name) {
  this.headers.remove(name !== null && typeof name === 'object' ? name.key : name);
};
PmRequest.prototype.forEachHeader = function (fn) { this.headers.each(fn); };
PmRequest.prototype.getHeaders = function (options) {
  var ignoreCase = Boolean(options && options.ignoreCase);
  var out = {};
  this.headers.members.forEach(function (member) {
    if (member.disabled && options && options.enabled) return;
    out[ignoreCase ? member.key.toLowerCase() : member.key] = member.value;
  });
  return out;
};
PmRequest.prototype.toJSON = function () {
  return { id: this.id, name: this.name, method: this.method, url: this.url.toJSON(), header: this.headers.toJSON(), body: this.body === undefined ? undefined : this.body.toJSON() };
};
PmRequest.prototype.toHost = function () {
  return {
    id: this._original.id,
    name: this._original.name,
    method: String(this.method).toUpperCase(),
    url: this.url.toHost(),
    headers: toKeyValues(this.headers),
    body: bodyToHost(this.body, this._original.body),
  };
};

function requestModel(s) {
  return cached(s, 'request', function () { return new PmRequest(s.payload.request); });
}
`;
