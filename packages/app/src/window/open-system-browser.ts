import { spawn } from 'node:child_process';
import open from 'open';
import { writeSignInLaunchFile } from './launch-file.js';

/**
 * Opens a sign-in's authorization URL in the person's own browser, where their sign-ins live (not the app window's
 * profile): the program `BROWSER` names when it is set, as xdg-open and others honour it, else the system's
 * default browser. The browser is given a launch page in the data dir, never the URL itself, which another
 * account could read on the command line; resolves to what removes that page once the sign-in has ended.
 */
export async function openSystemBrowser(
  dataDir: string,
  url: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<() => void> {
  const page = writeSignInLaunchFile(dataDir, url);
  try {
    await launch(page.href, env.BROWSER);
  } catch (error) {
    page.remove();
    throw error;
  }
  return page.remove;
}

async function launch(target: string, browser: string | undefined): Promise<void> {
  if (browser === undefined || browser === '') {
    await open(target);
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn(browser, [target], { detached: true, stdio: 'ignore' });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
