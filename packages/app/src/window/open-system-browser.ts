import { spawn } from 'node:child_process';
import open from 'open';

/**
 * Opens a URL in the person's own browser, where their sign-ins live (not the app window's profile): the program
 * `BROWSER` names when it is set, as xdg-open and others honour it, else the system's default browser.
 */
export async function openSystemBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const browser = env.BROWSER;
  if (browser === undefined || browser === '') {
    await open(url);
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn(browser, [url], { detached: true, stdio: 'ignore' });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
