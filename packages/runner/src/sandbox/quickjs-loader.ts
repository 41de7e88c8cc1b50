import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { AppError } from '@client/core';
import releaseSyncModule from '@jitl/quickjs-wasmfile-release-sync';
import {
  type CustomizeVariantOptions,
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';

type WasmModule = NonNullable<CustomizeVariantOptions['wasmModule']>;
// Node's WebAssembly, which the ES2023 library and Node's types leave undeclared.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

/**
 * The package's types describe its CommonJS build, whose default export is wrapped once more; Node (and esbuild)
 * load its ES build, whose default export is the variant itself.
 */
const releaseSync: QuickJSSyncVariant =
  (releaseSyncModule as { default?: QuickJSSyncVariant }).default ??
  (releaseSyncModule as unknown as QuickJSSyncVariant);

/**
 * The files the sandbox reads at run time, as module specifiers resolved from this file. `clientRuntimeFiles` in
 * this package's manifest lists the same ones, so the release ships them where the bundled code resolves them from
 * (the bundle maps this module's `import.meta.url` to its place in a copy of the checkout's layout).
 */
export const SANDBOX_FILES = {
  wasm: '@jitl/quickjs-wasmfile-release-sync/wasm',
  chai: 'chai/chai.js',
} as const;

const resolveHere = createRequire(import.meta.url).resolve;

async function readSandboxFile(specifier: string): Promise<Buffer> {
  try {
    return await readFile(resolveHere(specifier));
  } catch (error) {
    throw new AppError(
      'INTERNAL',
      `the script sandbox cannot read ${specifier} (${(error as Error).message}); reinstall Client, or run npm ci in a checkout`,
      { cause: error },
    );
  }
}

let compiled: Promise<WasmModule> | undefined;
let chaiSource: Promise<string> | undefined;

/** Compiled once per process; a failed load is forgotten so that a later session tries again. */
function compiledWasm(): Promise<WasmModule> {
  compiled ??= readSandboxFile(SANDBOX_FILES.wasm).then((bytes) => WebAssembly.compile(bytes));
  compiled.catch(() => {
    compiled = undefined;
  });
  return compiled;
}

/** chai's own browser bundle (the version newman's sandbox has), evaluated inside every context. */
export function loadChaiSource(): Promise<string> {
  chaiSource ??= readSandboxFile(SANDBOX_FILES.chai).then((bytes) => bytes.toString('utf8'));
  chaiSource.catch(() => {
    chaiSource = undefined;
  });
  return chaiSource;
}

/**
 * A new instance of the QuickJS WebAssembly module, with a memory of its own. Each session has one, so that a
 * script that breaks it (a host stack overflow inside WebAssembly leaves its C state half-done) is thrown away
 * whole, and the memory a hostile script grew is returned when its session ends.
 */
export async function newQuickJsInstance(): Promise<QuickJSWASMModule> {
  const wasmModule = await compiledWasm();
  return newQuickJSWASMModuleFromVariant(newVariant(releaseSync, { wasmModule }));
}
