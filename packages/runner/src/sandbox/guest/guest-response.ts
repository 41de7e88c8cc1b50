/**
 * Guest code: pm.response (Postman's Response) and pm.cookies, from the host's response; sendRequest's answers
 * are PmResponses too.
 */
export const GUEST_RESPONSE = String.raw`
var BYTE_ORDER_MARK = /^\uFEFF/;

function utf8Length(text) {
  var bytes = 0;
  for (var i = 0; i < text.length; i++) {
    var code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** A body that is not JSON fails as postman-collection's parser fails: a JSONError. */
function parseBodyJson(text, reviver) {
  try {
    return parseJson(String(text).replace(BYTE_ORDER_MARK, ''), reviver);
  } catch (e) {
    var error = new SyntaxError(e.message);
    error.name = 'JSONError';
    throw error;
  }
}

/** Named as postman-collection's, since chai's messages name a response by its constructor. */
function PostmanResponse(data, body) {
  // postman-collection gives every response an id of its own.
  this.id = uuid();
  // An empty response (no answer came) has no code or status at all, as postman-collection's has none.
  if (data.code !== undefined) this.code = data.code;
  if (data.status !== undefined) this.status = data.status;
  this.headers = new PropertyList(fromKeyValues(data.headers), 'header');
  this.responseTime = data.responseTime;
  this.responseSize = data.size;
  // A streamed answer's events, each one's data parsed when it is JSON; absent for any other body.
  if (data.events !== undefined) this.events = data.events;
  this._body = body;
}

PostmanResponse.prototype = {
  constructor: PostmanResponse,
  text: function () {
    return this._body;
  },
  json: function (reviver) {
    return parseBodyJson(this._body, reviver);
  },
  jsonp: function (reviver) {
    var text = String(this._body).replace(/^[^{(].*\(/, '').replace(/\)[^}].*$|\)$/, '');
    return parseBodyJson(text, reviver);
  },
  reason: function () {
    return this.status;
  },
  details: function () {
    return { code: this.code, name: this.status, detail: this.status, standardName: this.status };
  },
  size: function () {
    var body = typeof this.responseSize === 'number' ? this.responseSize : utf8Length(this._body || '');
    var header = ('HTTP/X.X ' + this.code + ' ' + this.reason() + '\r\n\r\n').length + this.headers.contentSize();
    return { body: body, header: header, total: body + header };
  },
  contentInfo: function () {
    var type = this.headers.get('content-type');
    if (type === undefined) return {};
    var parts = String(type).split(';');
    var info = { contentType: String(type), mimeType: parts[0].trim().toLowerCase() };
    parts.slice(1).forEach(function (part) {
      var pair = part.split('=');
      if (pair[0].trim().toLowerCase() === 'charset' && pair[1] !== undefined) info.charset = pair[1].trim();
    });
    return info;
  },
  toJSON: function () {
    return { code: this.code, status: this.status, header: this.headers.toJSON(), body: this._body, responseTime: this.responseTime };
  },
};

Object.defineProperty(PostmanResponse.prototype, 'to', {
  get: function () { return chai.expect(this).to; },
});

/** Cookies the response sets (name and value of each Set-Cookie header), as pm.cookies lists them. */
function cookiesOf(response) {
  var list = new PropertyList([], 'query');
  if (response === undefined) return list;
  response.headers.members.forEach(function (member) {
    if (member.key.toLowerCase() !== 'set-cookie') return;
    var pair = String(member.value).split(';')[0];
    var at = pair.indexOf('=');
    if (at < 0) return;
    var name = pair.slice(0, at).trim();
    list.add({ key: name, name: name, value: pair.slice(at + 1).trim() });
  });
  return list;
}

/** What a test script whose request got no answer finds in pm.response: an empty one, as in Postman's sandbox. */
var NO_ANSWER = { code: undefined, status: undefined, headers: [], responseTime: undefined, size: undefined };

function responseModel(s) {
  return cached(s, 'response', function () {
    var data = s.payload.response;
    if (data !== null) return new PostmanResponse(data, s.responseBody);
    return s.event === 'test' ? new PostmanResponse(NO_ANSWER, undefined) : undefined;
  });
}
`;
