// The guided tour in the browser, in both interface languages: every step's link (#tour=N&lang=..)
// opens the step, its preset panel and its live check, which holds on the shipped models; one step
// embedded on its own (?embed=1#tour=6&lang=zh-TW) shows that step's panel with the tour box.
import path from 'node:path';
import { appReady, appState, check, finish, launchBrowser, parseArgs, startServer, watchPage, checkPageClean } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
const panels = ['attention', 'compare', 'compare', 'compare', 'image', 'step', 'attention', 'attention', 'architecture', 'attention'];

// Waits until step `n`'s check has measured something; returns the state.
async function measured(page, n) {
  await page.waitForFunction((step) => {
    const s = JSON.parse(Module.ccall('attn_state_json', 'string', [], []));
    return s.tour === step && s.tour_check && s.tour_check.text.length > 0 && !s.pending;
  }, n, { timeout: 60000, polling: 200 });
  return appState(page);
}

try {
  for (const lang of ['en', 'zh-TW']) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const seen = watchPage(page, server.url);
    await page.goto(`${server.url}#tour=1&lang=${lang}`);
    await appReady(page);
    for (let n = 1; n <= 10; n++) {
      if (n > 1) await page.evaluate((step) => Module.ccall('attn_url_state_apply', 'number', ['string'], [`tour=${step}`]), n);
      const s = await measured(page, n);
      check(s.ui_language === lang, `${lang} step ${n}: the interface stays ${lang}`);
      check(s.tour_check.holds, `${lang} step ${n} (${panels[n - 1]}): ${s.tour_check.text}`);
      if (lang === 'zh-TW') check(/[\u4e00-\u9fff]/.test(s.tour_check.text), `zh-TW step ${n}: the measured line is Chinese`);
      await page.locator('#canvas').screenshot({ path: path.join(args.out, `e2e_tour_${lang}_${n}.png`) });
    }
    checkPageClean(seen);
    await page.close();
  }

  // One step embedded on its own, as a tutorial would.
  const page = await browser.newPage({ viewport: { width: 760, height: 560 } });
  const seen = watchPage(page, server.url);
  await page.goto(`${server.url}?embed=1#tour=6&lang=zh-TW`);
  await appReady(page);
  const s = await measured(page, 6);
  check(s.share.embed && s.share.panel === 'step', `embedded step 6 shows the step-through (${s.share.panel})`);
  check(s.tour_check.holds && s.tour_check.text.includes('d_k'), `embedded step 6 measures: ${s.tour_check.text}`);
  await page.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_tour_embedded_6.png') });
  checkPageClean(seen);

  // The zh-TW embedding example: a tutorial page with three steps, each in its own frame.
  const tutorial = await browser.newPage({ viewport: { width: 900, height: 1200 } });
  const tutorialSeen = watchPage(tutorial, server.url);
  await tutorial.goto(`${server.url}embed-example.zh-TW.html`);
  await tutorial.waitForFunction(() => document.querySelectorAll('iframe').length === 3);
  const frames = tutorial.frames().filter((f) => f !== tutorial.mainFrame());
  const steps = [];
  for (const frame of frames) {
    await appReady(frame);
    const step = Number(/tour=(\d+)/.exec(frame.url())[1]);
    const fs = await measured(frame, step);
    steps.push(step);
    check(fs.ui_language === 'zh-TW' && fs.tour_check.holds, `the tutorial's frame of step ${step} measures in Chinese: ${fs.tour_check.text}`);
  }
  check(steps.sort((a, b) => a - b).join(',') === '1,6,8', `the tutorial embeds steps 1, 6 and 8 (${steps})`);
  await tutorial.screenshot({ path: path.join(args.out, 'e2e_tour_tutorial_zh.png'), fullPage: true });
  checkPageClean(tutorialSeen);
} finally {
  await browser.close();
  server.stop();
}
finish();
