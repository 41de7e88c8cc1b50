/**
 * Postman collections the parity tests write: each line of a script is one entry of `exec`, as Postman saves them.
 * They lean on the echo stand-in's routes (`/post` echoes a JSON body, `/headers` the request's headers).
 */

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

type Script = string[];

function events(scripts: { prerequest?: Script; test?: Script }) {
  return Object.entries(scripts).map(([listen, exec]) => ({ listen, script: { type: 'text/javascript', exec } }));
}

function get(name: string, url: string, scripts: { prerequest?: Script; test?: Script } = {}, header: object[] = []) {
  return { name, event: events(scripts), request: { method: 'GET', header, url } };
}

/**
 * Chained variables and the variable layers: a login whose answer gives the token the next request sends, data-file
 * columns, `pm.variables` over iteration data over the environment over collection variables, collection- and
 * folder-level scripts, and checks that fail on purpose with chai's messages.
 */
export function chainedCollection(origin: string): object {
  return {
    info: { name: 'Chained', schema: SCHEMA },
    variable: [
      { key: 'base_url', value: origin },
      { key: 'shadowed', value: 'collection' },
      { key: 'collectionOnly', value: 'from the collection' },
    ],
    event: events({
      prerequest: ["pm.collectionVariables.set('requests', Number(pm.collectionVariables.get('requests') || 0) + 1);"],
      test: ["pm.test('collection: answered below 500', () => pm.expect(pm.response.code).to.be.below(500));"],
    }),
    item: [
      {
        name: 'Auth',
        event: events({
          prerequest: ["pm.variables.set('folderLocal', 'set by the folder');"],
          test: ["pm.test('folder: the body is JSON', () => pm.response.to.be.json);"],
        }),
        item: [
          {
            name: 'Login',
            event: events({
              test: [
                'const body = pm.response.json();',
                "pm.environment.set('token', body.json.user + '-token');",
                "pm.collectionVariables.set('lastUser', body.json.user);",
                "pm.test('login echoes the data file user', () => pm.expect(body.json.user).to.equal(pm.iterationData.get('user')));",
                "pm.test('status is 200', () => pm.response.to.have.status(200));",
                "pm.test('a data file number reads as a ' + typeof pm.iterationData.get('n'), () => pm.expect(pm.iterationData.has('n')).to.be.true);",
                "pm.test('folder-level local variable reaches the request', () => pm.expect(pm.variables.get('folderLocal')).to.equal('set by the folder'));",
              ],
            }),
            request: {
              method: 'POST',
              header: [{ key: 'Content-Type', value: 'application/json' }],
              body: { mode: 'raw', raw: '{"user": "{{user}}", "n": {{n}}}', options: { raw: { language: 'json' } } },
              url: '{{base_url}}/post',
            },
          },
          get(
            'Me',
            '{{base_url}}/headers',
            {
              test: [
                'const headers = pm.response.json().headers;',
                "pm.test('the chained token is sent', () => pm.expect(headers.authorization).to.equal('Bearer ' + pm.iterationData.get('user') + '-token'));",
                "pm.test('iteration data wins over the environment', () => pm.expect(pm.variables.get('shadowed')).to.equal(pm.iterationData.get('shadowed')));",
                "pm.test('the environment keeps its own value', () => pm.expect(pm.environment.get('shadowed')).to.equal('environment'));",
                "pm.test('collection variables are read', () => pm.expect(pm.variables.get('collectionOnly')).to.equal('from the collection'));",
                "pm.variables.set('shadowed', 'local');",
                "pm.test('a local variable wins over everything', () => pm.expect(pm.variables.get('shadowed')).to.equal('local'));",
                "pm.test('iteration and count', () => pm.expect(pm.info.iterationCount).to.be.above(pm.info.iteration));",
                "pm.test('deliberately fails on the third iteration', () => pm.expect(pm.info.iteration).to.be.below(2));",
                "pm.test('deliberately fails: another token', () => pm.expect(headers.authorization).to.equal('Bearer nobody'));",
              ],
            },
            [{ key: 'Authorization', value: 'Bearer {{token}}' }],
          ),
        ],
      },
      {
        name: 'Checks',
        item: [
          get('Failing checks', '{{base_url}}/status/404', {
            test: [
              "pm.test('deliberately fails: status', () => pm.response.to.have.status(200));",
              "pm.test('deliberately fails: property', () => pm.expect({ a: 1 }).to.have.property('b'));",
              "pm.test('deliberately fails: include', () => pm.expect('abc').to.include('z'));",
              "pm.test('deliberately fails: header', () => pm.response.to.have.header('X-Nope'));",
              "pm.test('deliberately fails: length', () => pm.expect([1, 2]).to.have.lengthOf(3));",
              "pm.test('deliberately fails: deep equal', () => pm.expect(pm.response.json()).to.eql({ status: 200 }));",
              "pm.test('passes: status code', () => pm.expect(pm.response.code).to.equal(404));",
              "pm.test.skip('skipped on purpose', () => pm.expect(1).to.equal(2));",
              "tests['legacy: deliberately fails'] = responseCode.code === 200;",
              "tests['legacy: passes'] = responseBody.has('404');",
            ],
          }),
          get('Send request', '{{base_url}}/get?step=send', {
            prerequest: [
              "pm.sendRequest(pm.variables.replaceIn('{{base_url}}/get?via=sendRequest'), (error, response) => {",
              "  pm.collectionVariables.set('sent', error ? 'error' : response.json().args.via);",
              '});',
            ],
            test: [
              "pm.test('sendRequest answered before the request', () => pm.expect(pm.collectionVariables.get('sent')).to.equal('sendRequest'));",
              "pm.sendRequest({ url: pm.variables.replaceIn('{{base_url}}/post'), method: 'POST', header: { 'Content-Type': 'application/json' }, body: { mode: 'raw', raw: JSON.stringify({ from: 'test' }) } }, (error, response) => {",
              "  pm.test('sendRequest in a test script posts JSON', () => pm.expect(response.json().json).to.eql({ from: 'test' }));",
              '});',
            ],
          }),
        ],
      },
      {
        name: 'Flow',
        item: [
          get('Loop', '{{base_url}}/get?n={{loop}}', {
            prerequest: ["pm.collectionVariables.set('loop', Number(pm.collectionVariables.get('loop') || 0) + 1);"],
            test: [
              "const loop = Number(pm.collectionVariables.get('loop'));",
              "pm.test('loop ' + loop + ' sends its count', () => pm.expect(pm.response.json().args.n).to.equal(String(loop)));",
              "if (loop < 3) postman.setNextRequest('Loop');",
              "else { pm.collectionVariables.set('loop', 0); pm.execution.setNextRequest('Last'); }",
            ],
          }),
          get('Skipped by setNextRequest', '{{base_url}}/get', {
            test: ["pm.test('never runs', () => pm.expect.fail('setNextRequest jumps over it'));"],
          }),
          get('Last', '{{base_url}}/get?last=1', {
            test: [
              "pm.test('the collection counted every request', () => pm.expect(Number(pm.collectionVariables.get('requests'))).to.be.above(5));",
            ],
          }),
        ],
      },
    ],
  };
}

/**
 * A request to a port nothing listens on, inside a folder between two requests at the top: the run goes on, and runs
 * the items in the collection's own order.
 */
export function unansweredCollection(origin: string, closedOrigin: string): object {
  return {
    info: { name: 'Unanswered', schema: SCHEMA },
    item: [
      get('Before', `${origin}/get?step=before`, { test: ["pm.test('answered', () => pm.response.to.be.ok);"] }),
      {
        name: 'Nowhere',
        item: [
          get('No answer', `${closedOrigin}/nothing`, {
            test: [
              "tests['legacy globals without a response'] = isNaN(responseCode.code) && responseBody === undefined;",
              "pm.test('an empty pm.response', () => pm.expect(pm.response.code).to.be.undefined);",
              "pm.test('deliberately fails: no status', () => pm.response.to.have.status(200));",
            ],
          }),
        ],
      },
      get('After', `${origin}/get?step=after`, { test: ["pm.test('answered after', () => pm.response.to.be.ok);"] }),
    ],
  };
}

/** A request whose URL names a variable nothing defines: newman sends it as written, Client refuses to. */
export function unresolvedCollection(origin: string): object {
  return {
    info: { name: 'Unresolved', schema: SCHEMA },
    item: [
      get('Unresolved variable', `${origin}/get?who={{nobody}}`, {
        test: ["pm.test('sent as written', () => pm.expect(pm.response.json().args.who).to.equal('{{nobody}}'));"],
      }),
      get('Resolved', `${origin}/get?step=resolved`, { test: ["pm.test('answered', () => pm.response.to.be.ok);"] }),
    ],
  };
}

/**
 * More of Postman's scripting API, each item a few checks: the request changed by a pre-request script, response
 * assertions, variable scopes' methods, async tests, a pre-request script that throws, a test script that does not
 * parse, a skipped request, and setNextRequest(null).
 */
export function scriptingCollection(origin: string): object {
  return {
    info: { name: 'Scripting', schema: SCHEMA },
    variable: [
      { key: 'base_url', value: origin },
      { key: 'path', value: 'p-{{method}}' },
      { key: 'method', value: 'post' },
    ],
    item: [
      {
        name: 'Changed request',
        event: events({
          prerequest: [
            "pm.request.headers.add({ key: 'X-Added', value: 'by-script' });",
            "pm.request.url.addQueryParams([{ key: 'added', value: 'yes' }]);",
            "pm.request.body.update(JSON.stringify({ changed: pm.variables.replaceIn('{{method}}') }));",
          ],
          test: [
            'const echoed = pm.response.json();',
            "pm.test('the added header went out', () => pm.expect(echoed.headers['x-added']).to.equal('by-script'));",
            "pm.test('the added query went out', () => pm.expect(echoed.args).to.eql({ added: 'yes' }));",
            "pm.test('the updated body went out', () => pm.expect(echoed.json).to.eql({ changed: 'post' }));",
            "pm.test('nested variables resolve', () => pm.expect(pm.variables.replaceIn('{{base_url}}/{{path}}')).to.equal(pm.variables.get('base_url') + '/p-post'));",
            "pm.test('response assertions', () => { pm.response.to.be.success; pm.response.to.have.header('Content-Type'); pm.response.to.be.json; pm.response.to.have.jsonBody('json.changed', 'post'); });",
            "pm.test('deliberately fails: jsonBody', () => pm.response.to.have.jsonBody('json.changed', 'get'));",
            "pm.test('deliberately fails: client error', () => pm.response.to.be.clientError);",
            "pm.test('deliberately fails: body text', () => pm.response.to.have.body('nothing like it'));",
            "pm.test('chai chains', () => pm.expect(Object.keys(echoed)).to.be.an('array').that.includes('headers'));",
            "pm.test('deliberately fails: chai chain', () => pm.expect([1, 2, 3]).to.be.an('array').that.includes(4));",
          ],
        }),
        request: {
          method: 'POST',
          header: [{ key: 'Content-Type', value: 'application/json' }],
          body: { mode: 'raw', raw: '{}', options: { raw: { language: 'json' } } },
          url: '{{base_url}}/{{method}}',
        },
      },
      get('Scopes', '{{base_url}}/get', {
        test: [
          "pm.environment.set('kept', { a: 1 });",
          "pm.globals.set('count', 2);",
          "pm.iterationData.set('local', 'only here');",
          "pm.test('environment has and toObject', () => pm.expect([pm.environment.has('kept'), pm.environment.toObject().kept]).to.eql([true, { a: 1 }]));",
          "pm.test('globals keep numbers', () => pm.expect(pm.globals.get('count')).to.equal(2));",
          "pm.test('iteration data set stays in the script', () => pm.expect(pm.iterationData.get('local')).to.equal('only here'));",
          "pm.environment.unset('kept');",
          "pm.test('unset', () => pm.expect(pm.environment.has('kept')).to.be.false);",
          "pm.test('collection variables replaceIn', () => pm.expect(pm.collectionVariables.replaceIn('{{method}}!')).to.equal('post!'));",
          "pm.test('info names the request', () => pm.expect([pm.info.requestName, pm.info.eventName]).to.eql(['Scopes', 'test']));",
        ],
      }),
      get('Async tests', '{{base_url}}/delay/1', {
        test: [
          "pm.test('a done callback after a timer', (done) => { setTimeout(() => { pm.expect(pm.response.code).to.equal(200); done(); }, 20); });",
          "pm.test('deliberately fails: done with an error', (done) => { setTimeout(() => done(new Error('failed later')), 10); });",
          "pm.test('after the async ones', () => pm.expect(pm.response.json().delay).to.equal('1'));",
        ],
      }),
      get('Throwing pre-request', '{{base_url}}/get?thrown=1', {
        prerequest: ["throw new Error('the pre-request script breaks');"],
        test: ["pm.test('still sent after the pre-request error', () => pm.response.to.have.status(200));"],
      }),
      get('Unparsable test script', '{{base_url}}/get?parse=no', {
        test: ["pm.test('never declared', () => {});", 'this is not javascript'],
      }),
      get('Skipped request', '{{base_url}}/status/500', {
        prerequest: ['pm.execution.skipRequest();'],
        test: ["pm.test('never runs', () => pm.expect.fail('the request was skipped'));"],
      }),
      get('Stop here', '{{base_url}}/get?stop=1', {
        test: [
          "pm.test('the last one to run in its iteration', () => pm.response.to.be.ok);",
          'postman.setNextRequest(null);',
        ],
      }),
      get('After the stop', '{{base_url}}/get?after=1', {
        test: ["pm.test('never runs', () => pm.expect.fail('setNextRequest(null) stops the iteration'));"],
      }),
    ],
  };
}
