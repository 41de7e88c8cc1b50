// Signing happens elsewhere (a Mac with a Developer ID, a Windows machine with a code-signing certificate): the
// package scripts run the program named by CLIENT_SIGN_HOOK on what they built, before it is archived.
import { execFileSync } from 'node:child_process';

/** The hook, when one is set: a build with it is never served from (or stored in) the build cache. */
export function signHookCommand() {
  return process.env.CLIENT_SIGN_HOOK || null;
}

/** Runs `<hook> <platform> <path>` (platform `macos` with Client.app, `windows` with the install folder). */
export function signHook(platform, path) {
  const hook = signHookCommand();
  if (hook === null) return;
  console.log(`signing with ${hook} ${platform} ${path}`);
  execFileSync(hook, [platform, path], { stdio: 'inherit' });
}
