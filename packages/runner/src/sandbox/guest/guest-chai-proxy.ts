/**
 * Guest code: a faster stand-in for the Proxy chai wraps every Assertion in (the wrapper that turns a misspelt
 * property into "Invalid Chai property: …"). chai's own trap costs a dozen calls per property read, and an
 * assertion reads `__flags` about twenty times: in QuickJS that was half the time of `expect(x).to.equal(y)`.
 * The behaviour is chai's: unknown properties go to chai's own trap, which throws its own message (with its
 * suggestion); the rest read the target as Reflect.get would. Method proxies (`.equal.foo`) stay chai's.
 */
// biome-ignore lint/complexity/noUselessStringRaw: guest code keeps any escape it gains as written, for QuickJS to read
export const GUEST_CHAI_PROXY = String.raw`
(function () {
  var chaiProxify = chai.util.proxify;
  var config = chai.config;
  var handler = {
    get: function proxyGetter(target, property) {
      if (property === '__flags') return target.__flags;
      if (typeof property === 'string' && config.proxyExcludedKeys.indexOf(property) === -1 && !(property in target)) {
        return chaiProxify(target)[property];
      }
      if (property !== '_obj' && property !== 'assert' && property !== '__methods') {
        var flags = target.__flags;
        if (!flags.lockSsfi) flags.ssfi = proxyGetter;
      }
      return target[property];
    },
  };
  chai.util.proxify = function (target, nonChainableMethodName) {
    if (nonChainableMethodName !== undefined || !config.useProxy || typeof Proxy === 'undefined') {
      return chaiProxify(target, nonChainableMethodName);
    }
    return new Proxy(target, handler);
  };
})();
`;
