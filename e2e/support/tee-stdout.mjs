// Runs a command with this process's stdin and stderr, copying every byte of its stdout both to this process's
// stdout and to a file, so a test can read exactly what an MCP client received. Usage: tee-stdout.mjs <file> <command> [args…]
import { spawn } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';

const [file, command, ...args] = process.argv.slice(2);
writeFileSync(file, '');
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.on('data', (chunk) => {
  appendFileSync(file, chunk);
  process.stdout.write(chunk);
});
child.on('exit', (code) => process.exit(code ?? 1));
