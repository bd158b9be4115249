/**
 * WCAG 2.2 SC 1.4.11 (non-text contrast): the boundary of a text field, text area, select and
 * checkbox is at least 3:1 against the colours beside it. Measured on the pixels Chromium draws
 * from the CSS the app ships (web/dist, served by the local runtime): the sign-in page's own text
 * fields, and one of each other control built the way Radix Themes and fields.tsx build them
 * inside the page's theme root, on the page's background.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, ensureFreshBuild, startRuntime, type Runtime } from './runtime';
import { chromiumFor } from './session';

const executablePath = chromiumFor('form control borders in Chromium');

type Rgb = [number, number, number];

/** WCAG 2.x relative luminance and contrast ratio of two opaque sRGB colours. */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

interface Edge {
  /** The page just outside the control's start edge. */
  outside: Rgb;
  /** The darkest pixel drawn across the edge: the border (anti-aliasing only makes it lighter). */
  border: Rgb;
  /** The control's own fill just inside the edge. */
  inside: Rgb;
}

/**
 * The pixels across the start (left) edge of `selector`, on its middle row, where no rounded
 * corner or text is. A screenshot of the strip is decoded by the page itself (canvas), so the
 * colours are the ones drawn, translucent layers and all.
 */
async function edgeOf(page: Page, selector: string): Promise<Edge> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not drawn`);
  const x = Math.floor(box.x) - 4;
  const y = Math.floor(box.y + box.height / 2);
  const png = await page.screenshot({ clip: { x, y, width: 12, height: 1 } });
  const row = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    return Array.from(context.getImageData(0, 0, image.width, 1).data);
  }, png.toString('base64'));
  const pixels: Rgb[] = [];
  for (let i = 0; i < row.length; i += 4) pixels.push([row[i]!, row[i + 1]!, row[i + 2]!]);
  // Pixels 0–1 are the page, 2–6 span the edge (the box may start between two pixels), 8+ the fill.
  const across = pixels.slice(2, 7);
  const border = across.reduce((darkest, p) => (luminance(p) < luminance(darkest) ? p : darkest));
  return { outside: pixels[0]!, border, inside: pixels[10]! };
}

describe.skipIf(!executablePath)('form control borders in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await ensureFreshBuild();
    runtime = await startRuntime();
    browser = await chromium.launch({ executablePath: executablePath!, args: CHROMIUM_ARGS });
    page = await (await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 })).newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${runtime.baseUrl}/login`);
    await page.locator('.rt-TextFieldRoot').first().waitFor();
    // The other controls, as Radix Themes renders them (surface variant, the default) and as
    // fields.tsx renders native selects, in a strip with the page's own background.
    await page.evaluate(() => {
      const strip = document.createElement('div');
      strip.id = 'controls';
      strip.style.cssText = 'position:fixed;top:20px;left:20px;z-index:1000;display:flex;gap:24px;align-items:center;padding:24px;';
      strip.style.background = getComputedStyle(document.body).backgroundColor;
      strip.innerHTML = [
        '<div class="rt-TextAreaRoot rt-r-size-2 rt-variant-surface" style="width:160px"><textarea class="rt-reset rt-TextAreaInput"></textarea></div>',
        '<button type="button" class="rt-reset rt-SelectTrigger rt-r-size-2 rt-variant-surface" style="width:160px"><span class="rt-SelectTriggerInner">Choose…</span></button>',
        '<button type="button" role="checkbox" aria-checked="false" data-state="unchecked" class="rt-reset rt-BaseCheckboxRoot rt-CheckboxRoot rt-r-size-2 rt-variant-surface"></button>',
        '<select class="native-select" style="width:160px"><option>Choose…</option></select>',
      ].join('');
      document.querySelector('.radix-themes')!.append(strip);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  const controls = [
    ['the sign-in text fields', '.rt-TextFieldRoot'],
    ['a text area', '#controls .rt-TextAreaRoot'],
    ['a select', '#controls .rt-SelectTrigger'],
    ['a checkbox', '#controls .rt-CheckboxRoot'],
    ['a native select', '#controls .native-select'],
  ] as const;

  it.each(controls)('draws the border of %s at 3:1 or more against the page and the field', async (_name, selector) => {
    const edge = await edgeOf(page, selector);
    const ratios = { page: contrast(edge.border, edge.outside), field: contrast(edge.border, edge.inside) };
    expect(ratios.page, JSON.stringify(edge)).toBeGreaterThanOrEqual(3);
    expect(ratios.field, JSON.stringify(edge)).toBeGreaterThanOrEqual(3);
  });

  it('measures what it should: the page behind the controls is the body background', async () => {
    // A test that sampled the wrong pixels could pass on any CSS: the page beside a control is the
    // body's background colour, and the fill inside a field is light.
    const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const edge = await edgeOf(page, '#controls .rt-SelectTrigger');
    expect(`rgb(${edge.outside.join(', ')})`).toBe(body);
    expect(luminance(edge.inside)).toBeGreaterThan(0.8);
  });
});
