/**
 * Guest code: property paths as lodash reads them (`a.b[0].c`, `a["x.y"]`) for pm.response.to.have.jsonBody, and
 * as Bruno's res('a.b[0]') does; atob and btoa as the npm packages Postman's sandbox uses (lenient, Latin-1).
 */
export const GUEST_PATHS = String.raw`
var PATH_PART = /[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]/g;

function pathParts(object, path) {
  if (object !== null && object !== undefined && Object.prototype.hasOwnProperty.call(Object(object), path)) {
    return [path];
  }
  var parts = [];
  String(path).replace(PATH_PART, function (match, index, quote, quoted) {
    parts.push(quote ? quoted.replace(/\\(\\)?/g, '$1') : index !== undefined ? index : match);
    return match;
  });
  return parts;
}

function hasPath(object, path) {
  var parts = pathParts(object, path);
  var value = object;
  for (var i = 0; i < parts.length; i++) {
    if (value === null || value === undefined || !Object.prototype.hasOwnProperty.call(Object(value), parts[i])) return false;
    value = value[parts[i]];
  }
  return parts.length > 0;
}

function getPath(object, path) {
  var parts = pathParts(object, path);
  var value = object;
  for (var i = 0; i < parts.length; i++) {
    if (value === null || value === undefined) return undefined;
    value = value[parts[i]];
  }
  return value;
}

var BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function btoa(input) {
  var text = String(input);
  var out = '';
  for (var i = 0; i < text.length; i += 3) {
    var a = text.charCodeAt(i) & 0xff;
    var b = i + 1 < text.length ? text.charCodeAt(i + 1) & 0xff : -1;
    var c = i + 2 < text.length ? text.charCodeAt(i + 2) & 0xff : -1;
    out += BASE64[a >> 2] + BASE64[((a & 3) << 4) | (b < 0 ? 0 : b >> 4)];
    out += b < 0 ? '=' : BASE64[((b & 15) << 2) | (c < 0 ? 0 : c >> 6)];
    out += c < 0 ? '=' : BASE64[c & 63];
  }
  return out;
}

function atob(input) {
  var text = String(input).replace(/-/g, '+').replace(/_/g, '/');
  var out = '';
  var buffer = 0;
  var bits = 0;
  for (var i = 0; i < text.length; i++) {
    var value = BASE64.indexOf(text[i]);
    if (value < 0) {
      if (text[i] === '=') break;
      continue;
    }
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((buffer >> bits) & 0xff);
    }
  }
  return out;
}
`;
