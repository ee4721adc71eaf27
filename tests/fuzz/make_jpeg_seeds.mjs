// Writes the JPEG seeds of the image fuzz target (and the JPEG the bad-input catalogue truncates)
// with Chromium's encoder: Python's standard library has none. Run once; the outputs are committed.
//   node tests/fuzz/make_jpeg_seeds.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../web/harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const browser = await launchBrowser();
const page = await browser.newPage();
async function jpeg(w, h, quality, grey) {
  const url = await page.evaluate(([w, h, quality, grey]) => {
    const c = document.createElement('canvas');
    c.width = w; c.height = h;
    const g = c.getContext('2d');
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const v = (x * 37 + y * 91) % 256;
      g.fillStyle = grey ? `rgb(${v},${v},${v})` : `rgb(${v},${(x * 13) % 256},${255 - v})`;
      g.fillRect(x, y, 1, 1);
    }
    return c.toDataURL('image/jpeg', quality);
  }, [w, h, quality, grey]);
  return Buffer.from(url.split(',')[1], 'base64');
}
writeFileSync(path.join(here, 'corpus/image/colour_9x7.jpg'), await jpeg(9, 7, 0.9, false));
writeFileSync(path.join(here, 'corpus/image/grey_16x16_q30.jpg'), await jpeg(16, 16, 0.3, true));
writeFileSync(path.join(here, '../bad_inputs/source_40x30.jpg'), await jpeg(40, 30, 0.8, false));
await browser.close();
