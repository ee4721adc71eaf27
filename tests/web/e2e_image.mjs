// The Image panel in the browser: open it through the host API, let it download the two
// Fashion-MNIST classifiers (not in index.data: the panel fetches them from the site's models/
// folder on first use), and read back, through the exported JSON state (app/state_json.h):
//   - the first gallery sample classified by both models, and a gallery click;
//   - bad uploads (a corrupt PNG, a zero-byte file, a 20000×20000 PNG header, a file over the size
//     cap) each give a message in the panel, and the previous result stays;
//   - a photo-like PNG made here (a red T-shirt on an off-white, noisy 300×300 background) through
//     the page's real file chooser: five preprocessing stages, predictions from both models,
//     Grad-CAM (how much of the item it lights, checked against a recomputation here) and CBAM's maps;
//   - a PNG dropped on the page and an image pasted reach the panel too;
//   - the "Check it on all 100 test images" button, clicked, tallies Grad-CAM's cover over the gallery;
//   - the downloads stay on the page's origin, no page errors, the DOM sentence box hides under the
//     panel; a screenshot shows it, and one at a phone's 390×844.
import path from 'node:path';
import { check, checkPageClean, colourStats, decodePng, finish, launchBrowser, parseArgs, startServer, watchPage, appReady, appState } from './harness.mjs';

// Grad-CAM's cover of the item, written again from models/cam_coverage.h's definition: the h × w
// map upsampled bilinearly to the 28 × 28 input (pixel centres, edges clamped), lit where it is at
// least half its peak; the item is the input's pixels above 0.1.
function camCoverage(input, cam, h, w, side = 28) {
  const coord = (i, n) => {
    const s = Math.min(Math.max((i + 0.5) * n / side - 0.5, 0), n - 1), i0 = Math.floor(s);
    return [i0, Math.min(i0 + 1, n - 1), s - i0];
  };
  const up = [];
  for (let y = 0; y < side; y++) {
    const [y0, y1, ty] = coord(y, h);
    for (let x = 0; x < side; x++) {
      const [x0, x1, tx] = coord(x, w);
      const top = cam[y0 * w + x0] * (1 - tx) + cam[y0 * w + x1] * tx, bottom = cam[y1 * w + x0] * (1 - tx) + cam[y1 * w + x1] * tx;
      up.push(top * (1 - ty) + bottom * ty);
    }
  }
  const peak = Math.max(...up);
  let item = 0, lit = 0, both = 0;
  up.forEach((u, i) => { const on = input[i] > 0.1, l = u >= 0.5 * peak; item += on; lit += l; both += on && l; });
  return { covered: both / item, offItem: (lit - both) / lit };
}

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const seen = watchPage(page, server.url);
  const fetched = [];
  page.on('request', (r) => { if (/\/models\/resnet/.test(r.url())) fetched.push(r.url()); });
  await page.goto(server.url);
  await appReady(page);
  const image = async () => (await appState(page)).image;
  // Polls the panel's state until `done(image)` holds; returns the last state either way.
  const waitImage = async (done, ms = 60000) => {
    let s;
    for (const end = Date.now() + ms; Date.now() < end; await page.waitForTimeout(100)) {
      s = await image();
      if (done(s)) break;
    }
    return s;
  };
  const classified = (s) => s.ready && s.models.every((m) => m.has_result);
  const upload = (bytes, name) => page.evaluate(([b, n]) => window.attnUploadImage(new Uint8Array(b), n), [[...bytes], name]);

  check(fetched.length === 0, 'the classifiers are not downloaded before the Image panel opens');
  check(await page.evaluate(() => window.attnShowPanel('image')) === true, 'attnShowPanel opens the "image" panel');
  let s = await waitImage(classified);
  check(s.open && classified(s), `the first test image is classified by both models (${s.models.map((m) => m.predicted_class).join(', ')})`);
  check(JSON.stringify(s.models.map((m) => m.label)) === '["ResNet","ResNet + CBAM"]', 'the two columns are ResNet and ResNet + CBAM');
  check(s.gallery.cells === 100 && s.source.gallery_cell === 0 && s.source.true_label === 0, 'the gallery holds 100 test images; cell 0 is a T-shirt/top');
  check(fetched.length === 2 && fetched.every((u) => u.startsWith(server.url)), `the two classifiers came from the site (${fetched.length} requests)`);
  check(!(await page.locator('#sentence-input').isVisible()), 'the DOM sentence box hides under the Image panel');

  await page.evaluate(() => Module.ccall('attn_image_gallery', null, ['number'], [95]));
  s = await waitImage((x) => x.source.gallery_cell === 95 && classified(x));
  check(s.source.true_label === 9 && classified(s), 'a gallery click (cell 95) shows an ankle boot, classified');
  const before = s;

  // A real PNG from the page's canvas, for the bad uploads to damage.
  const smallPng = Buffer.from(await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = c.height = 16;
    c.getContext('2d').fillRect(2, 2, 12, 12);
    return c.toDataURL('image/png').split(',')[1];
  }), 'base64');
  const bomb = Buffer.from(smallPng);
  bomb.writeUInt32BE(20000, 16);  // IHDR width
  bomb.writeUInt32BE(20000, 20);  // IHDR height
  const bad = [
    { name: 'corrupt.png', bytes: smallPng.subarray(0, 40), says: 'damaged' },
    { name: 'empty.png', bytes: Buffer.alloc(0), says: 'empty' },
    { name: 'bomb.png', bytes: bomb, says: '20000×20000' },
    { name: 'notes.txt', bytes: Buffer.from('plain text, not a picture'), says: 'not an image' },
  ];
  for (const b of bad) {
    await upload(b.bytes, b.name);
    s = await waitImage((x) => x.error.includes(b.name), 10000);
    console.log(`  ${b.name}: "${s.error}"`);
    check(s.error.includes(b.name) && s.error.includes(b.says), `${b.name}: the panel says "${b.says}"`);
    check(s.source.gallery_cell === 95 && JSON.stringify(s.models[1].probabilities) === JSON.stringify(before.models[1].probabilities),
          `${b.name}: the previous result stays`);
  }
  await page.evaluate(() => window.attnUploadImage(new Blob([new Uint8Array(65 << 20)]), 'huge.png'));
  s = await waitImage((x) => x.error.includes('huge.png'), 10000);
  check(s.error.includes('huge.png: the file is 65 MB') && s.source.gallery_cell === 95, `a 65 MB file is refused unread: "${s.error}"`);
  await page.waitForTimeout(300);  // a few frames: the message and the kept result drawn together
  await page.screenshot({ path: path.join(args.out, 'e2e_image_error.png') });

  // A photo-like picture: a red T-shirt with a darker collar on an off-white background, with
  // lighting and noise, 300×300 RGB, through the page's own file chooser.
  const photo = Buffer.from(await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = c.height = 300;
    const g = c.getContext('2d');
    const light = g.createLinearGradient(0, 0, 300, 300);
    light.addColorStop(0, '#f6f4ef');
    light.addColorStop(1, '#e4e1da');
    g.fillStyle = light;
    g.fillRect(0, 0, 300, 300);
    g.fillStyle = '#c8362d';
    g.beginPath();
    for (const [x, y] of [[100, 62], [128, 50], [172, 50], [200, 62], [258, 112], [232, 140], [207, 118], [207, 262], [93, 262],
                          [93, 118], [68, 140], [42, 112]]) g.lineTo(x, y);
    g.closePath();
    g.fill();
    g.fillStyle = '#8e1f1a';
    g.beginPath();
    g.ellipse(150, 52, 22, 10, 0, 0, Math.PI);
    g.fill();
    const px = g.getImageData(0, 0, 300, 300);
    let seed = 7;
    for (let i = 0; i < px.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const n = (seed / 2147483648 - 0.5) * 24;
      for (let k = 0; k < 3; k++) px.data[i + k] = Math.max(0, Math.min(255, px.data[i + k] + n));
    }
    g.putImageData(px, 0, 0);
    return c.toDataURL('image/png').split(',')[1];
  }), 'base64');
  await page.setInputFiles('#image-input', { name: 'tshirt-photo.png', mimeType: 'image/png', buffer: photo });
  s = await waitImage((x) => x.source.name === 'tshirt-photo.png' && classified(x));
  console.log(`  tshirt-photo.png: ${s.models.map((m) => `${m.label}: ${m.predicted_class} ${(100 * m.probabilities[m.predicted]).toFixed(1)}%`).join('; ')}`);
  check(s.source.name === 'tshirt-photo.png' && s.error === '', 'the photo-like PNG came through the file chooser, no error');
  check(JSON.stringify(s.stages.map((x) => x.name)) === '["decode","grayscale","crop","resize","invert"]',
        'the five preprocessing stages are shown');
  check(s.stages[0].channels === 3 && s.stages[0].width === 256 && s.stages[4].width === 28, 'decode previews the RGB photo (256 px), invert ends at 28×28');
  check(s.stages[4].note.includes('inverted'), `the light background is inverted: "${s.stages[4].note}"`);
  for (const m of s.models) {
    const sum = m.probabilities.reduce((a, b) => a + b, 0);
    check(m.probabilities.length === 10 && Math.abs(sum - 1) < 1e-4 && m.predicted_class !== '', `${m.label}: 10 probabilities summing to 1, predicts "${m.predicted_class}"`);
    check(m.grad_cam.rows === 7 && m.grad_cam.cols === 7 && m.grad_cam_values.length === 49, `${m.label}: a 7×7 Grad-CAM`);
    const want = camCoverage(s.input, m.grad_cam_values, 7, 7), got = m.grad_cam_coverage;
    check(got !== null && Math.abs(got.covered - want.covered) <= 0.01 && Math.abs(got.off_item - want.offItem) <= 0.01,
          `${m.label}: Grad-CAM lights ${(100 * got?.covered).toFixed(0)}% of the item, ${(100 * got?.off_item).toFixed(0)}% off it, ` +
          `as computed here (${(100 * want.covered).toFixed(0)}%, ${(100 * want.offItem).toFixed(0)}%)`);
  }
  const cbam = s.models[1];
  check(JSON.stringify(cbam.spatial.map((x) => x.rows)) === '[28,14,7]' && cbam.channel.length === 3, 'CBAM: spatial maps at 28, 14, 7 and channel weights for 3 blocks');
  await page.waitForTimeout(500);
  const shot = decodePng(await page.screenshot({ path: path.join(args.out, 'e2e_image.png') }));
  const stats = colourStats(shot);
  check(stats.distinct > 500, `the page shows the drawn panel with pictures (${stats.distinct} colours)`);

  // A dropped file and a pasted image take the same way in.
  await page.evaluate((b) => {
    const t = new DataTransfer();
    t.items.add(new File([new Uint8Array(b)], 'dropped.png', { type: 'image/png' }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: t, cancelable: true }));
  }, [...smallPng]);
  s = await waitImage((x) => x.source.name === 'dropped.png' && classified(x), 10000);
  check(s.source.name === 'dropped.png' && classified(s), 'a PNG dropped on the page is classified');
  await page.evaluate((b) => {
    const t = new DataTransfer();
    t.items.add(new File([new Uint8Array(b)], 'image.png', { type: 'image/png' }));
    window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: t, cancelable: true }));
  }, [...photo]);
  s = await waitImage((x) => x.source.name === 'pasted image' && classified(x), 10000);
  check(s.source.name === 'pasted image' && classified(s), 'a pasted image is classified');

  // The claim over the gallery: click the real button (where the app says it is), wait for all
  // 100 test images; cell 95's numbers must be those its click showed above.
  const measure = JSON.parse(await page.evaluate(() => Module.ccall('attn_widget_rect', 'string', ['string'], ['image_measure'])));
  const canvas = await page.locator('#canvas').boundingBox();
  check(measure.w > 50 && measure.h > 5, `the "Check it on all 100 test images" button is on screen (${measure.w}×${measure.h})`);
  await page.mouse.click(canvas.x + measure.x + measure.w / 2, canvas.y + measure.y + measure.h / 2);
  s = await waitImage((x) => x.gallery_coverage.finished, 60000);
  const g = s.gallery_coverage;
  console.log(`  gallery: CBAM lights more of the item on ${g.cbam_more}, less on ${g.cbam_less}, same on ${g.same}; ` +
              `means ${(100 * g.mean[1]).toFixed(1)}% vs ${(100 * g.mean[0]).toFixed(1)}%`);
  check(g.finished && g.cells === 100 && g.cbam_more + g.cbam_less + g.same === 100, 'the click measured all 100 test images, each counted once');
  check([0, 1].every((m) => Math.abs(g.covered[m][95] - before.models[m].grad_cam_coverage.covered) < 1e-9),
        'cell 95 in the tally has the coverage its own click showed, for both models');
  await page.screenshot({ path: path.join(args.out, 'e2e_image_tally.png') });

  // A phone: the panel stacks (results first, then the gallery) instead of squeezing columns.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(800);
  const phone = colourStats(decodePng(await page.screenshot({ path: path.join(args.out, 'e2e_image_phone.png') })));
  s = await image();
  check(classified(s) && phone.distinct > 300, `at 390×844 the panel still shows the picture and both verdicts (${phone.distinct} colours)`);

  checkPageClean(seen);
} finally {
  await browser.close();
  server.stop();
}
finish();
