import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Chromium-family browsers that support `--app=` windows, by the names their packages install. */
const APP_BROWSER_COMMANDS = [
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
  'microsoft-edge',
  'microsoft-edge-stable',
  'brave-browser',
  'brave',
] as const;

/** Where the same browsers live on macOS and Windows, which do not put them on PATH. */
function installedLocations(env: NodeJS.ProcessEnv): string[] {
  if (process.platform === 'darwin') {
    return [
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
      '/Applications/Brave Browser.app/Contents/MacOS/Brave Browser',
    ];
  }
  if (process.platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
      (root): root is string => root !== undefined && root !== '',
    );
    return roots.flatMap((root) => [
      join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
      join(root, 'BraveSoftware', 'Brave-Browser', 'Application', 'brave.exe'),
      join(root, 'Chromium', 'Application', 'chrome.exe'),
    ]);
  }
  return [];
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser to open the app window with: `CLIENT_BROWSER` when set (an absolute path), else the first
 * Chromium-family browser on PATH or in its usual install location; null when there is none.
 */
export function findAppBrowser(env: NodeJS.ProcessEnv = process.env): string | null {
  const override = env.CLIENT_BROWSER;
  if (override !== undefined && override !== '')
    return isAbsolute(override) && isExecutable(override) ? override : null;
  const directories = (env.PATH ?? '').split(delimiter).filter((directory) => directory !== '');
  const suffixes = process.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  for (const command of APP_BROWSER_COMMANDS) {
    for (const directory of directories) {
      for (const suffix of suffixes) {
        const candidate = join(directory, `${command}${suffix}`);
        if (isExecutable(candidate)) return candidate;
      }
    }
  }
  return installedLocations(env).find(isExecutable) ?? null;
}
