import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

import { ARCHETYPES } from '../archetype-catalog.js';
import { ArchetypeError } from '../archetype-error.js';
import { CAPABILITIES } from '../capabilities/capability-catalog.js';
import { generateProject } from '../generate-project.js';
import { scratchDirectory } from '../generate-project.test-support.js';
import { addResource } from './add-resource.js';
import { createFormatter } from './format-source.js';
import { parseResourceName } from './resource-name.js';
import { readSampleFiles, renameSample } from './sample-source.js';

const run = promisify(execFile);
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
const newScratch = scratchDirectory('archetype-resource-');

async function generated(names = { groupId: 'com.acme', artifactId: 'shop' }, capabilities: string[] = []) {
  const project = await generateProject({
    archetype: ARCHETYPES[0],
    parameters: { ...names, version: '1.0.0', package: 'com.acme.shop' },
    parentDir: newScratch(),
    capabilities,
  });
  return project.directory;
}

/** Every file of a project: relative path → contents. */
function snapshot(directory: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(directory, { recursive: true, encoding: 'utf8' })) {
    const path = join(directory, entry);
    if (statSync(path).isFile()) files.set(relative(directory, path), readFileSync(path, 'utf8'));
  }
  return files;
}

async function refusal(work: Promise<unknown>): Promise<ArchetypeError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ArchetypeError)) throw new Error(`expected an ArchetypeError, got ${String(error)}`);
  return error;
}

async function biomeCheck(directory: string): Promise<{ ok: boolean; output: string }> {
  return run(process.execPath, [biome, 'check', '--max-diagnostics=5', '.'], { cwd: directory }).then(
    ({ stdout, stderr }) => ({ ok: true, output: `${stdout}${stderr}` }),
    (error: { stdout: string; stderr: string }) => ({ ok: false, output: `${error.stdout}${error.stderr}` }),
  );
}

// Each add-resource starts Biome (WebAssembly) to format what it writes: seconds on a busy machine.
describe('addResource', { timeout: 30_000 }, () => {
  it('writes the resource in every layer and wires it into the indexes, the schema and the application', async () => {
    const directory = await generated();
    const result = await addResource(join(directory, 'shop-start'), {
      name: 'order',
      fields: 'customer:string,quantity:int,placedOn:date',
    });
    expect(result.directory).toBe(directory);
    expect(result.added).toEqual([
      'shop-api/src/order/order-api.ts',
      'shop-api/src/order/order-client.test.ts',
      'shop-api/src/order/order-client.ts',
      'shop-api/src/order/order-dto.ts',
      'shop-application/src/order/order-app-service.test.ts',
      'shop-application/src/order/order-app-service.ts',
      'shop-application/src/order/order-commands.ts',
      'shop-common/src/date/calendar-date.test.ts',
      'shop-common/src/date/calendar-date.ts',
      'shop-domain/src/order/order-gateway.ts',
      'shop-domain/src/order/order.test.ts',
      'shop-domain/src/order/order.ts',
      'shop-infrastructure/src/database/date-column.ts',
      'shop-infrastructure/src/database/migrations/0003-create-order.ts',
      'shop-infrastructure/src/order/order-do.ts',
      'shop-infrastructure/src/order/order-gateway-impl.test.ts',
      'shop-infrastructure/src/order/order-gateway-impl.ts',
      'shop-start/src/controller/order-controller.ts',
      'shop-start/src/controller/order-schemas.ts',
      'shop-start/src/order-api.test.ts',
      'shop-start/src/provider/order-provider.ts',
      'shop-start/src/vo/order-vo.ts',
    ]);
    expect(result.changed).toEqual([
      'shop-api/src/index.ts',
      'shop-application/src/index.ts',
      'shop-common/src/index.ts',
      'shop-domain/src/index.ts',
      'shop-infrastructure/src/database/database-schema.ts',
      'shop-infrastructure/src/index.ts',
      'shop-start/src/application.ts',
    ]);
    const read = (path: string) => readFileSync(join(directory, path), 'utf8');
    expect(read('shop-infrastructure/src/database/database-schema.ts')).toContain(
      '  sys_user: SysUserTable;\n  order: OrderTable;\n}',
    );
    expect(read('shop-infrastructure/src/database/migrations/0003-create-order.ts')).toContain(
      ".addColumn('placed_on', 'date', (column) => column.notNull())",
    );
    const application = read('shop-start/src/application.ts');
    expect(application).toContain('const orders = new OrderAppService(new OrderGatewayImpl(database), database);');
    expect(application).toContain('await api.register(orderController(orders));');
    expect(application).toContain('orderProvider: new OrderProvider(orders),');
  });

  it("writes the sample resource's sources with the resource's names, so a change to the sample reaches both", async () => {
    const directory = await generated();
    await addResource(directory, { name: 'order', fields: 'quantity:int' });
    const parameters = { groupId: 'com.acme', artifactId: 'shop', version: '1.0.0', package: 'com.acme.shop' };
    const sample = await readSampleFiles(ARCHETYPES[0].templateDir, parameters);
    const spec = { name: parseResourceName('order'), fields: [], modulePrefix: '@com.acme/shop' };
    const format = createFormatter(readFileSync(join(directory, 'biome.json'), 'utf8'), '@com.acme');
    // The sources that depend on no field are the sample's, renamed (and formatted for the new names' lengths);
    // the others are the sample's with its fields' lines written for the resource's.
    const renamedOnly = {
      gateway: 'shop-domain/src/order/order-gateway.ts',
      appService: 'shop-application/src/order/order-app-service.ts',
      api: 'shop-api/src/order/order-api.ts',
      client: 'shop-api/src/order/order-client.ts',
      dataObject: 'shop-infrastructure/src/order/order-do.ts',
      controller: 'shop-start/src/controller/order-controller.ts',
    } as const;
    for (const [role, path] of Object.entries(renamedOnly)) {
      expect(readFileSync(join(directory, path), 'utf8'), path).toBe(
        format(path, renameSample(sample[role as keyof typeof renamedOnly], spec)),
      );
    }
    const comments = (text: string) => text.split('\n').filter((line) => /^\s*(\/\/|\/\*\*|\*)/.test(line));
    const gateway = readFileSync(join(directory, 'shop-infrastructure/src/order/order-gateway-impl.ts'), 'utf8');
    expect(comments(gateway)).toEqual(comments(renameSample(sample.gatewayImpl, spec)));
  });

  it('numbers each new migration after the last one and shares the date helpers', async () => {
    const directory = await generated();
    await addResource(directory, { name: 'order', fields: 'placedOn:date' });
    const second = await addResource(directory, { name: 'invoice', fields: 'dueOn:date,paid:boolean' });
    expect(second.added).toContain('shop-infrastructure/src/database/migrations/0004-create-invoice.ts');
    expect(second.added.filter((path) => path.includes('date'))).toEqual([]);
  });

  it.each([
    { name: 'order', fields: undefined, code: 'USAGE', message: 'name the fields' },
    { name: 'Order', fields: 'a:int', code: 'INVALID_RESOURCE', message: 'must be kebab-case' },
    { name: 'order', fields: 'a:text', code: 'INVALID_RESOURCE', message: 'has an unknown type' },
    { name: 'order', fields: 'a:int,a:string', code: 'INVALID_RESOURCE', message: 'is named twice' },
    { name: 'sys-user', fields: 'a:int', code: 'RESOURCE_PRESENT', message: 'table sys_user is already in' },
    { name: 'user', fields: 'a:int', code: 'RESOURCE_PRESENT', message: 'already uses the name users' },
  ])('refuses $name with $fields ($code) and writes nothing', async ({ name, fields, code, message }) => {
    const directory = await generated();
    const before = snapshot(directory);
    const error = await refusal(addResource(directory, { name, fields }));
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
    expect(snapshot(directory)).toEqual(before);
  });

  it('refuses a reference to a resource the project does not have, and writes nothing', async () => {
    const directory = await generated();
    const before = snapshot(directory);
    const error = await refusal(addResource(directory, { name: 'invoice', fields: 'customerId:ref(customer)' }));
    expect(error).toMatchObject({
      code: 'INVALID_RESOURCE',
      message:
        'field customerId refers to customer, which shop-infrastructure/src/database/database-schema.ts does not have: add that resource first',
    });
    expect(snapshot(directory)).toEqual(before);
  });

  it('lets a record another resource refers to go only when nothing refers to it any more', async () => {
    const directory = await generated();
    await addResource(directory, { name: 'customer', fields: 'name:string' });
    const invoice = await addResource(directory, { name: 'invoice', fields: 'customerId:ref(customer),total:number' });
    expect(invoice.added).toContain('shop-infrastructure/src/database/foreign-key-violation.ts');
    expect(invoice.changed).toContain('shop-infrastructure/src/customer/customer-gateway-impl.ts');
    const read = (path: string) => readFileSync(join(directory, path), 'utf8');
    expect(read('shop-infrastructure/src/database/migrations/0004-create-invoice.ts')).toContain(
      ".addColumn('customer_id', 'integer', (column) => column.notNull().references('customer.id'))",
    );
    expect(read('shop-infrastructure/src/customer/customer-gateway-impl.ts')).toContain(
      'return refusingReferencedDelete(async () => {',
    );
    // A second resource that refers to customers leaves the guard as it is.
    const payment = await addResource(directory, { name: 'payment', fields: 'customerId:ref(customer)' });
    expect(payment.changed).not.toContain('shop-infrastructure/src/customer/customer-gateway-impl.ts');
  });

  it('refuses a resource added twice, naming a file that is there, and leaves the project as it was', async () => {
    const directory = await generated();
    await addResource(directory, { name: 'order', fields: 'quantity:int' });
    const before = snapshot(directory);
    const error = await refusal(addResource(directory, { name: 'order', fields: 'total:number' }));
    expect(error).toMatchObject({
      code: 'RESOURCE_PRESENT',
      message: 'table order is already in shop-infrastructure/src/database/database-schema.ts; the resource exists',
    });
    expect(snapshot(directory)).toEqual(before);
  });

  it('refuses to run outside a generated project', async () => {
    const error = await refusal(addResource(newScratch(), { name: 'order', fields: 'quantity:int' }));
    expect(error.code).toBe('NOT_A_PROJECT');
  });
});

/**
 * The generated files pass the project's own Biome check whatever the names' lengths and the fields: lines that
 * grow with the names are fitted as Biome would print them.
 */
describe('a project with added resources', { timeout: 30_000 }, () => {
  const everyType =
    'title:string,count:int,ratio:number,active:boolean,startsOn:date,level:enum(low|high),note:string?,due:date?,done:boolean?,code:string!unique,ownerId:ref(sys-user)?';
  const longFields = Array.from(
    { length: 6 },
    (_, i) =>
      `rathrLongFieldName${i}:${['string', 'int', 'number', 'boolean', 'date', 'enum(first_long_value|second_long_value)'][i]}`,
  ).join(',');
  it.each([
    { label: 'short names', project: { groupId: 'x', artifactId: 'a' }, resources: [['b', 'c:int']], capabilities: [] },
    {
      label: 'every type and capability',
      project: { groupId: 'com.acme', artifactId: 'shop' },
      resources: [
        ['order', everyType],
        ['category', 'name:string'],
      ],
      capabilities: CAPABILITIES.map((capability) => capability.name),
    },
    {
      label: 'the longest names',
      project: { groupId: 'com.example.platform', artifactId: 'inventory-service' },
      resources: [
        ['inventory-record', longFields],
        ['zz', 'on:boolean'],
      ],
      capabilities: [],
    },
  ])('passes its own Biome check with $label', async ({ project, resources, capabilities }) => {
    const directory = await generated(project, capabilities);
    for (const [name = '', fields] of resources) await addResource(directory, { name, fields });
    const result = await biomeCheck(directory);
    expect(result.output).toContain('Checked');
    expect(result.ok, result.output).toBe(true);
  });
});
