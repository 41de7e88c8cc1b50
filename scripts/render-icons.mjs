// `node scripts/render-icons.mjs`: renders packages/ui/public/icons/client.svg to the PNG sizes beside it, with
// Debian's Chromium (the one the UI tests drive). The PNGs are committed: the window's icon, the menu entry's icon
// theme sizes and the release packages take them as they are, so a build needs no renderer.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** The hicolor theme's usual application sizes, and 192 for the page's own large icon. */
export const ICON_SIZES = [16, 24, 32, 48, 64, 128, 192, 256, 512];

const iconsDir = join(import.meta.dirname, '..', 'packages', 'ui', 'public', 'icons');
const svg = readFileSync(join(iconsDir, 'client.svg'), 'utf8');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const size of ICON_SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    writeFileSync(join(iconsDir, `client-${size}.png`), png);
  }
} finally {
  await browser.close();
}
