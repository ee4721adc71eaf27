// Writes tests/fixtures/color_golden.json: what an independent colour library (culori 4.0.2, npm)
// computes for the colours the interface uses and for fixed test colours, against which
// tests/ui/test_color_science.cpp checks src/ui/widgets/color_science.h:
//   - CIELAB (D65) of sRGB colours;
//   - WCAG 2.1 relative luminance and contrast ratios;
//   - the colour-vision-deficiency matrices of Machado, Oliveira & Fernandes (2009) at severity 1
//     (protanopia, deuteranopia, tritanopia), read back from culori's filters as the images of the
//     three primaries (culori applies them to gamma-encoded values; color_science.h applies them to
//     linear RGB, as the paper's model does, so only the matrices are compared);
//   - CIEDE2000 colour differences, including Sharma, Wu & Dalal's (2005) published test pairs.
// Run (once, to regenerate): cd tests/ui/golden && npm install culori@4.0.2 --no-save && node make_color_golden.mjs
import { writeFileSync } from 'node:fs';
import { converter, differenceCiede2000, filterDeficiencyDeuter, filterDeficiencyProt, filterDeficiencyTrit,
         wcagContrast, wcagLuminance } from 'culori';

const rgb = (r, g, b) => ({ mode: 'rgb', r: r / 255, g: g / 255, b: b / 255 });
const toLab = converter('lab65');
// The interface's colours (attention scales' anchors, theme and text colours) and a spread of others.
const colours = [
  [247, 251, 255], [198, 219, 239], [107, 174, 214], [33, 113, 181], [8, 48, 107],
  [33, 102, 172], [103, 169, 207], [247, 247, 247], [239, 138, 98], [178, 24, 43],
  [0, 0, 4], [87, 16, 110], [188, 55, 84], [249, 142, 9], [252, 255, 164],
  [255, 255, 255], [0, 0, 0], [128, 128, 128], [255, 0, 0], [0, 255, 0], [0, 0, 255],
  [255, 140, 64], [242, 204, 77], [120, 219, 120], [15, 15, 15],
];
let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 256;
for (let i = 0; i < 15; i++) colours.push([next(), next(), next()]);
const filters = { protanopia: filterDeficiencyProt(1), deuteranopia: filterDeficiencyDeuter(1), tritanopia: filterDeficiencyTrit(1) };
const out = { source: 'culori 4.0.2', machado: {}, colours: [], pairs: [], sharma: [] };
for (const [name, f] of Object.entries(filters)) {
  const columns = [[255, 0, 0], [0, 255, 0], [0, 0, 255]].map((c) => { const o = f(rgb(...c)); return [o.r, o.g, o.b]; });
  out.machado[name] = [0, 1, 2].map((row) => columns.map((col) => col[row]));  // row-major 3×3
}
for (const c of colours) {
  const lab = toLab(rgb(...c));
  const entry = { rgb: c, lab: [lab.l, lab.a, lab.b], luminance: wcagLuminance(rgb(...c)) };
  out.colours.push(entry);
}
for (let i = 0; i + 1 < colours.length; i++) {
  const a = rgb(...colours[i]), b = rgb(...colours[i + 1]);
  out.pairs.push({ a: colours[i], b: colours[i + 1], contrast: wcagContrast(a, b), de2000: differenceCiede2000()(a, b) });
}
// Sharma, Wu & Dalal (2005), Table 1: the first pairs of their CIEDE2000 test data.
const sharma = [
  [[50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485]], [[50.0, 3.1571, -77.2803], [50.0, 0.0, -82.7485]],
  [[50.0, 2.8361, -74.0200], [50.0, 0.0, -82.7485]], [[50.0, -1.3802, -84.2814], [50.0, 0.0, -82.7485]],
  [[50.0, 0.0, 0.0], [50.0, -1.0, 2.0]], [[50.0, 2.5, 0.0], [73.0, 25.0, -18.0]],
  [[50.0, 2.5, 0.0], [61.0, -5.0, 29.0]], [[50.0, 2.5, 0.0], [56.0, -27.0, -3.0]],
  [[50.0, 2.5, 0.0], [58.0, 24.0, 15.0]], [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387]],
  [[63.0109, -31.0961, -5.8663], [62.8187, -29.7946, -4.0864]], [[22.7233, 20.0904, -46.6940], [23.0331, 14.9730, -42.5619]],
];
for (const [p, q] of sharma) {
  const lab = (v) => ({ mode: 'lab65', l: v[0], a: v[1], b: v[2] });
  out.sharma.push({ a: p, b: q, de2000: differenceCiede2000()(lab(p), lab(q)) });
}
writeFileSync(new URL('../../fixtures/color_golden.json', import.meta.url), JSON.stringify(out, null, 1) + '\n');
console.log(`color_golden.json: ${out.colours.length} colours, ${out.pairs.length} pairs, ${out.sharma.length} Sharma pairs`);
