// `npm run dev`: the app (headless, on the development data dir unless CLIENT_DATA_DIR says otherwise) plus
// Vite's dev server with hot reload, whose /api requests go to that app with its session. Open the printed
// Vite address; Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const uiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const clientBin = join(uiDir, '..', 'app', 'bin', 'client.js');
const UI_LINE = /^UI: (http:\/\/\S+)$/m;

const app = spawn(process.execPath, [clientBin, '--no-window'], { stdio: ['ignore', 'pipe', 'inherit'] });
let output = '';
const uiUrl = await new Promise((resolve, reject) => {
  app.stdout.setEncoding('utf8');
  app.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    output += chunk;
    const match = UI_LINE.exec(output);
    if (match) resolve(match[1]);
  });
  app.once('exit', (code) => reject(new Error(`client exited (${code}) before printing its UI address`)));
});

process.env.CLIENT_UI_URL = uiUrl;
const vite = await createServer({ root: uiDir, configFile: join(uiDir, 'vite.config.ts') });
await vite.listen();
vite.printUrls();

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await vite.close();
    app.kill('SIGTERM');
  });
}
