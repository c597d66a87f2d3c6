/**
 * The site editor in Chromium with the real server and the real build, in two journeys, each run on
 * one store (the store logic itself is tested on both by tests/server/site-*.test.ts): the price
 * guide's journey on PostgreSQL with two instances behind one balancer (site-editor-postgres.spec.ts),
 * where a publish, a restore and the business details must reach every instance; the photo's
 * journey on SQLite, the one-instance install (site-editor.spec.ts). Each journey makes about seven
 * real builds, so running each once rather than on both stores halves the suite's slowest part. The
 * owner finds the price guide, changes its heading and publishes, and the public page changes on
 * every instance while pages and quotes keep being served; a field the build would refuse is
 * refused at that field; "Mark as verified today" puts today's date on the price line; the version's
 * changes are shown and the release's own content is restored in one press; a staff member keeps a
 * draft but has no Publish, and the server refuses theirs; the owner changes the emergency line in
 * the business details, and every page and every instance's own answers state the new number; a
 * new release that changed the same entry shows both side by side until the owner chooses; the
 * owner adds an iPhone photo (HEIC) to an article from a phone, is asked to describe it, previews
 * and publishes it, every instance serves it as AVIF, and one press undoes it.
 * Axe at 390 px and 1280 px, screenshots.
 */
import { nzParts } from '../../core/nz-time.ts';
import { business } from '../../core/business.ts';
import { PRICE_LABELS, priceText } from '../../core/guide-prices.ts';
import { eachLead } from '../../server/storage/open-store.ts';
import { one, run } from '../../server/storage/steps.ts';
import { formBody, type StoreKind } from '../support/stores.ts';
import { expectAxeClean, expectAxeCleanAtBothWidths } from './helpers.ts';
import { serverOptions, test, expect, type TestServer } from './fixtures.ts';
import { HEIC_PHOTO } from '../support/photos.ts';
import type { Locator } from '@playwright/test';

const SHOTS = 'bench/results/screenshots/site-editor';
const GUIDE = 'Commercial Fridge Prices NZ: Price Ranges and Costs';
/** The guide as a visitor knows it, by the site's menus: how the Site section lists it. */
const GUIDE_NAME = 'Commercial Fridge Prices NZ';
const ROUTE = '/commercial-fridge-prices-nz';
/**
 * How long a publish may take here before the test gives up: far beyond the targets (15 s on SQLite,
 * 30 s with several instances), which bench/publish.ts measures on a quiet machine, since this
 * suite shares two cores with every other browser test.
 */
const PUBLISH_WITHIN_MS = { sqlite: 120_000, postgres: 120_000 } as const;
/** An entry opens once the server has checked it: the first one opened starts the checker's own process. */
const OPENS_WITHIN_MS = 60_000;

/** The guide's page as each instance serves it, by address. */
async function servedOn(server: TestServer, text: string, route: string): Promise<boolean[]> {
  const pages = await Promise.all(server.instances.map((i) => fetch(`${i.url}${route}`).then((r) => r.text())));
  return pages.map((html) => html.includes(text));
}

async function servedEverywhere(server: TestServer, text: string, route = ROUTE): Promise<boolean> {
  return (await servedOn(server, text, route)).every(Boolean);
}

async function servedAnywhere(server: TestServer, text: string, route = ROUTE): Promise<boolean> {
  return (await servedOn(server, text, route)).some(Boolean);
}

const ARTICLE = 'Leasing vs Buying Commercial Refrigeration in NZ';
const ARTICLE_ROUTE = '/blog/lease-vs-buy';

/** Whether an image has loaded and drawn (not a broken image), by the browser's own account. */
const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

/** A journey of the site editor: the price guide's (publish, verify, restore, staff, business details, a release's change) or the photo's. */
export type SiteJourney = 'price guide' | 'photo';

export function ownerEditsTheSite(kind: StoreKind, journeys: readonly SiteJourney[]) {
  test.use({ serverOptions: serverOptions({ store: kind, instances: kind === 'postgres' ? 2 : 1 }) });

  test.describe(`the site editor on ${kind}`, () => {
    if (journeys.includes('price guide'))
      test('the owner changes the price guide, marks it verified and undoes it; staff keep a draft only', async ({ page, browser, server, signIn }) => {
        test.setTimeout(600_000);
        const { origin } = server;
        await page.setViewportSize({ width: 390, height: 900 });
        await signIn(page, 'owner');

        await test.step('the Site section lists every page and says how old the price line is', async () => {
          await page.getByRole('link', { name: 'Site' }).click();
          await expect(page.getByRole('heading', { name: 'Site', level: 1 })).toBeVisible();
          await expect(page.getByRole('heading', { name: /^Prices last verified \d+ days ago$/ })).toBeVisible();
          await expect(page.getByRole('link', { name: GUIDE_NAME, exact: true })).toBeVisible();
          await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
          await expect(page.getByRole('main')).not.toContainText('npm run');
          // Every section of the inbox is in reach at a phone's width: no menu item past the right edge.
          for (const item of await page.getByRole('navigation', { name: 'Inbox' }).getByRole('link').all()) {
            const box = (await item.boundingBox())!;
            expect(box.x + box.width, await item.innerText()).toBeLessThanOrEqual(390);
          }
          await page.screenshot({ path: `${SHOTS}/list-${kind}-390.png`, fullPage: true });
          await page.setViewportSize({ width: 1280, height: 900 });
          await page.screenshot({ path: `${SHOTS}/list-${kind}-1280.png`, fullPage: true });
          await page.setViewportSize({ width: 390, height: 900 });
          await expectAxeCleanAtBothWidths(page, 'the site list');
        });

        const heading = `Commercial Fridge Prices in New Zealand, Checked ${kind}`;
        await test.step('a field the build would refuse is refused at that field, and nothing is published', async () => {
          await page.getByRole('link', { name: GUIDE_NAME, exact: true }).click();
          await expect(page.getByRole('heading', { name: GUIDE, level: 1 })).toBeVisible({ timeout: OPENS_WITHIN_MS });
          const title = page.getByLabel(/^Title/);
          // One press takes the keyboard past the phone view's page, with its own links, to the fields.
          await page.getByRole('link', { name: 'Skip past the phone view to the fields' }).focus();
          await page.keyboard.press('Enter');
          await expect(page.getByRole('heading', { name: 'Fields', exact: true })).toBeFocused();
          await page.keyboard.press('Tab');
          await expect(title).toBeFocused();
          const publishes: string[] = [];
          page.on('request', (request) => void (request.method() === 'POST' && request.url().endsWith('/publish') && publishes.push(request.url())));
          await title.fill('Too short');
          // Enter in a one-line box sends nothing: only a press of Publish publishes.
          await title.press('Enter');
          await page.getByRole('button', { name: 'Publish' }).click();
          await expect(page.getByText('Needs at least 15 characters (now 9)').first()).toBeVisible();
          expect(publishes).toHaveLength(1);
          await expect(title).toHaveAttribute('aria-invalid', 'true');
          // The list of what to fix takes the focus, wherever on the long form the owner pressed Publish.
          await expect(page.getByText('Fix these before publishing:').locator('..')).toBeFocused();
          await page.screenshot({ path: `${SHOTS}/refused-${kind}-390.png` });
          await title.fill(GUIDE);
        });

        await test.step('the price in free text reads as a figure, a typed one is flagged, and one press makes it follow the price list', async () => {
          const answer = page.getByLabel(/^Quick answer/);
          // A tall box whose top shows just above the buttons held at the bottom is scrolled clear of them when the keyboard reaches it.
          const bar = page.locator('form .sticky');
          const gap = async () => ((await bar.boundingBox())?.y ?? 0) - (await answer.evaluate((box) => box.getBoundingClientRect().bottom));
          await answer.evaluate((box) => {
            const held = box.closest('form')!.querySelector('.sticky')!;
            window.scrollBy(0, box.getBoundingClientRect().top - held.getBoundingClientRect().top + 20);
          });
          expect(await gap()).toBeLessThan(0);
          await answer.focus();
          await expect.poll(gap).toBeGreaterThanOrEqual(0);
          const words = await answer.inputValue();
          const reading = /\{price:displayFridge\} is the “Standard display fridge” price, now “NZ\$1,500 to NZ\$4,000”/;
          await expect(answer).toHaveAccessibleDescription(reading);
          await answer.fill(words.replace('{price:displayFridge}', 'NZ$1,500 to NZ$4,000'));
          const warning = page.getByText(/This repeats the “Standard display fridge” price, which Business details hold/);
          await expect(warning).toBeVisible();
          await expect(answer).toHaveAccessibleDescription(/This repeats the “Standard display fridge” price/);
          await expect(answer).not.toHaveAccessibleDescription(reading);
          await page.screenshot({ path: `${SHOTS}/repeat-${kind}-390.png` });
          await page.getByRole('button', { name: 'Follow Business details here' }).click();
          await expect(answer).toHaveValue(words);
          await expect(warning).toHaveCount(0);
          await expect(answer).toHaveAccessibleDescription(reading);
          await page.screenshot({ path: `${SHOTS}/tokens-${kind}-390.png` });

          // A figure is put where the cursor is by its name, never typed.
          await answer.evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(0, 0));
          const insert = page.locator(`button[aria-controls="${await answer.getAttribute('id')}--insert"]`);
          await expect(insert).toHaveText('Insert a figure…');
          await insert.click();
          // The first choice has the focus, so a keyboard user is among them at once.
          await expect(
            page
              .getByRole('group', { name: /^Put one of these where the cursor is/ })
              .getByRole('button')
              .first(),
          ).toBeFocused();
          const line = page.getByRole('button', { name: 'The emergency phone number, now “0800 FRIDGE”' });
          await expectAxeClean(page, 'the figures to insert');
          await page.screenshot({ path: `${SHOTS}/insert-figure-${kind}-390.png` });
          await line.click();
          expect(await answer.inputValue()).toBe(`{emergencyLine} ${words}`);
          await expect(answer).toBeFocused();
          await expect(answer).toHaveAccessibleDescription(/\{emergencyLine\} is the emergency phone number, now “0800\sFRIDGE”/);
          await answer.fill(words);
        });

        await test.step('the text reads as the page does: a line made a sub-heading, words a link, a price put in as its figure, a table typed in place', async () => {
          const body = page.getByRole('textbox', { name: 'Text', exact: true });
          await expect(body).toBeVisible({ timeout: OPENS_WITHIN_MS });
          // No marks on screen: a heading is a heading, a price shows its figure, a table is a table.
          await expect(body.getByRole('heading', { level: 2, name: 'Under-counter fridges: prices and what drives them' })).toBeVisible();
          await expect(body.getByRole('table').first()).toBeVisible();
          for (const mark of ['##', '<Price', '|---', '**']) await expect(body).not.toContainText(mark);
          /** Selects words in the text as a mouse would, the editor focused. */
          const select = (words: string) =>
            body.evaluate((root, w) => {
              root.focus();
              const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                const at = node.textContent!.indexOf(w);
                if (at === -1) continue;
                const range = document.createRange();
                range.setStart(node, at);
                range.setEnd(node, at + w.length);
                getSelection()!.removeAllRanges();
                getSelection()!.addRange(range);
                return;
              }
              throw new Error(`"${w}" is not in the text`);
            }, words);
          // Tab and Shift+Tab leave the text as they leave any field: nothing is indented or typed.
          await select('Seven');
          await page.keyboard.press('Shift+Tab');
          await expect(page.getByRole('button', { name: 'Insert…' })).toBeFocused();
          await select('Seven');
          await page.keyboard.press('Tab');
          await expect(body).not.toBeFocused();
          await expect(body.getByText('Seven things set almost every price:')).toBeVisible();
          // A table is one stop, at its cell last used, with its buttons only for the table entered;
          // the arrow keys go from cell to cell.
          const [first, second] = [body.getByRole('table').nth(0), body.getByRole('table').nth(1)];
          await expect(first.getByRole('textbox', { name: 'Column 1 heading' })).toBeFocused();
          await page.keyboard.press('Tab');
          await expect(first.getByRole('button', { name: 'Add a column' })).toBeFocused();
          await page.keyboard.press('Tab');
          await expect(first.getByRole('button', { name: 'Add a row' })).toBeFocused();
          await page.keyboard.press('Tab');
          await expect(second.getByRole('textbox', { name: 'Column 1 heading' })).toBeFocused();
          await page.keyboard.press('ArrowDown');
          await expect(second.getByRole('textbox', { name: 'Row 1, column 1' })).toBeFocused();
          // Down puts the caret at the end of the cell's words, so Right goes on to the next cell.
          await page.keyboard.press('ArrowRight');
          await expect(second.getByRole('textbox', { name: 'Row 1, column 2' })).toBeFocused();
          await page.keyboard.press('ArrowUp');
          await expect(second.getByRole('textbox', { name: 'Column 2 heading' })).toBeFocused();
          for (const name of ['Options for the heading row', 'Remove this table', 'Options for column 2']) {
            await page.keyboard.press('Shift+Tab');
            await expect(second.getByRole('button', { name })).toBeFocused();
          }
          // Back in the table before, its buttons are out of the way again: the cell is the stop.
          await page.keyboard.press('Shift+Tab');
          await expect(first.getByRole('textbox', { name: 'Column 1 heading' })).toBeFocused();
          const line = 'Seven things set almost every price:';
          await select('almost');
          const sub = page.getByRole('button', { name: 'Sub-heading', exact: true });
          await expect(sub).toHaveAttribute('aria-pressed', 'false');
          await sub.click();
          await expect(body.getByRole('heading', { level: 3, name: line })).toBeVisible();
          await expect(sub).toHaveAttribute('aria-pressed', 'true');
          await expect(body).toBeFocused();
          await select('every price');
          // Escape from the link box's button closes it and gives the text the focus; the button opens it again, empty.
          await page.getByRole('button', { name: 'Link…' }).click();
          await page.getByLabel('Link to').fill('/half-typed');
          await page.getByRole('button', { name: 'Add the link' }).focus();
          await page.keyboard.press('Escape');
          await expect(page.getByLabel('Link to')).toHaveCount(0);
          await expect(body).toBeFocused();
          await page.getByRole('button', { name: 'Link…' }).click();
          const to = page.getByLabel('Link to');
          await expect(to).toBeFocused();
          await expect(to).toHaveValue('');
          await to.fill('contact');
          await to.press('Enter');
          await expect(to).toHaveAttribute('aria-invalid', 'true');
          await expect(to).toHaveAccessibleDescription(/Start with \/ for a page of this site/);
          await expectAxeClean(page, 'the text buttons with a refused link');
          await to.fill('/contact');
          await page.getByRole('button', { name: 'Add the link' }).click();
          await expect(body.getByRole('link', { name: 'every price' })).toHaveAttribute('href', '/contact');
          await expect(body).toBeFocused();
          await page.screenshot({ path: `${SHOTS}/text-buttons-${kind}-390.png` });

          // A figure goes where the cursor is, picked by its name and what it shows, never typed; the text shows the figure.
          await select('Seven');
          await page.getByRole('button', { name: 'Insert…' }).click();
          const price = page.getByRole('button', { name: 'A price from the price list: Standard display fridge, now “NZ$1,500 to NZ$4,000”' });
          await expect(page.getByRole('button', { name: /^The emergency phone number, as a call link/ })).toBeFocused();
          await expectAxeClean(page, 'the blocks to insert');
          await page.screenshot({ path: `${SHOTS}/insert-${kind}-390.png` });
          // Escape closes the list and gives the text the focus; the button opens it again.
          await page.keyboard.press('Escape');
          await expect(price).toHaveCount(0);
          await expect(body).toBeFocused();
          await page.getByRole('button', { name: 'Insert…' }).click();
          await price.click();
          await expect(body.getByRole('heading', { level: 3 })).toContainText('NZ$1,500 to NZ$4,000 things set almost every price:');
          await expect(body).toBeFocused();

          // A block is changed in place: pressed, it offers the others of its kind, over the page.
          const [fridge, upright] = [priceText(business.prices.displayFridge), priceText(business.prices.uprightFridge)];
          const chip = body.getByRole('heading', { level: 3 }).getByRole('button', { name: fridge });
          const change = page.getByRole('dialog', { name: `In place of “A price from the price list: ${PRICE_LABELS.displayFridge}”, put:` });
          await chip.click();
          await expect(change.getByRole('button').first()).toBeFocused();
          // Only the other prices, then the way back: no phone number or calculator in place of a price.
          await expect(change.getByRole('button', { name: PRICE_LABELS.displayFridge })).toHaveCount(0);
          await expect(change.getByRole('button', { name: /phone number/ })).toHaveCount(0);
          await expectAxeClean(page, 'a block being changed');
          await page.screenshot({ path: `${SHOTS}/change-block-${kind}-390.png` });
          await change.getByRole('button', { name: `A price from the price list: ${PRICE_LABELS.uprightFridge}` }).click();
          await expect(change).toHaveCount(0);
          await expect(body.getByRole('heading', { level: 3 })).toContainText(`${upright} things set almost every price:`);
          const changed = body.getByRole('heading', { level: 3 }).getByRole('button', { name: upright });
          await expect(changed).toBeFocused();
          // Escape drops it with nothing changed; the keyboard opens it as the pointer does.
          await page.keyboard.press('Enter');
          await expect(page.getByRole('dialog')).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
          await expect(changed).toBeFocused();
          await changed.click();
          await page.getByRole('button', { name: `A price from the price list: ${PRICE_LABELS.displayFridge}` }).click();
          await expect(chip).toBeVisible();

          // A price typed into the text is flagged, and one press makes it the price list's, shown as its figure.
          const blocks = body.locator('[title="A price from the price list: Standard display fridge"]');
          const placed = await blocks.count();
          await select('Ask every supplier whether a quoted price includes or excludes GST.');
          await page.keyboard.press('ArrowRight');
          await page.keyboard.type(' A display fridge costs NZ$1,500 to NZ$4,000.');
          const repeat = page.getByText(/This repeats the “Standard display fridge” price, which Business details hold/);
          await expect(repeat).toBeVisible();
          await expect(body).toHaveAccessibleDescription(/This repeats the “Standard display fridge” price/);
          await page.getByRole('button', { name: 'Follow Business details here' }).click();
          await expect(repeat).toHaveCount(0);
          await expect(blocks).toHaveCount(placed + 1);
          await expect(body).toContainText('A display fridge costs NZ$1,500 to NZ$4,000.');
          await page.setViewportSize({ width: 1280, height: 900 });
          await body.getByText('A display fridge costs').scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/text-${kind}-1280.png` });
          await expectAxeClean(page, 'the text at 1280 px');
          await page.setViewportSize({ width: 390, height: 900 });

          // A table goes in after the paragraph the cursor is in, and its cells are typed in place.
          const tables = body.getByRole('table');
          const before = await tables.count();
          await select('Ask every supplier whether a quoted price includes or excludes GST.');
          await page.getByRole('button', { name: 'Table…' }).click();
          await expect(tables).toHaveCount(before + 1);
          const cell = tables.nth(0).locator('[contenteditable="true"]').first();
          await cell.click();
          await page.keyboard.type('Second | last');
          await page.keyboard.press('ArrowRight');
          await page.keyboard.type('Next');
          // A column's options, in the inbox's words.
          await tables.nth(0).getByRole('button', { name: 'Options for column 2' }).click();
          await expect(page.getByRole('button', { name: 'Add a column after this one' })).toBeVisible();
          await expectAxeClean(page, 'the text with a new table and its column options open');
          await page.screenshot({ path: `${SHOTS}/table-options-${kind}-390.png` });
          await page.keyboard.press('Escape');
          await expect(page.getByRole('button', { name: 'Add a column after this one' })).toHaveCount(0);
          await page.screenshot({ path: `${SHOTS}/table-${kind}-390.png` });

          // What is kept is what the build reads: the marks and the blocks, written by the editor.
          const draft = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/draft'));
          await page.getByRole('button', { name: 'Save draft' }).click();
          const written = ((await draft).postDataJSON() as { body: string }).body;
          expect(written).toContain('### <Price of="displayFridge" /> things set almost [every price](/contact):');
          expect(written).toMatch(/excludes GST\. A display fridge costs <Price of="displayFridge" \/>\.\n\n\| Second \\\| last +\| Next +\|/);
          expect(written).toContain('## Under-counter fridges: prices and what drives them');
          await page.getByRole('button', { name: 'Discard draft' }).click();
          await expect(body.getByRole('heading', { level: 3, name: line })).toHaveCount(0);
          await expect(body.getByText('Seven things set almost every price:')).toBeVisible();
        });

        await test.step('Preview shows the real page with the change at a private address, and publishes nothing', async () => {
          await page.getByLabel(/^Heading/).fill(`${heading} (preview)`);
          await page.getByRole('button', { name: 'Preview' }).click();
          await expect(page.getByRole('heading', { name: 'Preview ready' })).toBeVisible({ timeout: PUBLISH_WITHIN_MS[kind] });
          await expect(page.getByRole('heading', { name: 'Preview ready' })).toBeFocused();
          await expect(page.getByRole('link', { name: `Open the preview of ${GUIDE_NAME} (new tab)` })).toBeVisible();
          await page.getByRole('region', { name: 'Preview ready' }).screenshot({ path: `${SHOTS}/preview-ready-${kind}.png` });
          const share = await page.getByLabel('Share link').inputValue();
          // Rendered at once by the instance's quick preview, not by building the site.
          const made = await server.store.store.read(() => one('SELECT page FROM site_previews ORDER BY created_at DESC LIMIT 1'));
          expect(made?.page).toEqual(expect.stringContaining(`${heading} (preview)`));
          // Someone without an inbox sign-in, from the share link.
          const context = await browser.newContext();
          const other = await context.newPage();
          const errors: string[] = [];
          other.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
          other.on('pageerror', (error) => errors.push(error.message));
          await other.goto(share);
          await expect(other.getByRole('heading', { level: 1 })).toHaveText(`${heading} (preview)`);
          await expect(other.getByRole('note').first()).toHaveText(/^Preview: this change is not on the website yet\./);
          await other.setViewportSize({ width: 390, height: 900 });
          await other.screenshot({ path: `${SHOTS}/preview-${kind}-390.png` });
          await other.setViewportSize({ width: 1280, height: 900 });
          await other.screenshot({ path: `${SHOTS}/preview-${kind}-1280.png` });
          // The page's scripts are the served build's, allowed by its policy: the quote form comes alive.
          const form = other.locator('astro-island[component-export="QuoteForm"]');
          await form.scrollIntoViewIfNeeded();
          await expect(form).not.toHaveAttribute('ssr');
          expect(errors).toEqual([]);
          await other.goto(share.replace(/\?t=.*$/, ''));
          await expect(other.getByRole('heading', { level: 1 })).toHaveText('Preview of a change to the website');
          await context.close();
          expect(await servedEverywhere(server, '(preview)')).toBe(false);
        });

        await test.step('publishing changes the public page on every instance, with pages and quotes served throughout', async () => {
          await page.getByLabel(/^Heading/).fill(heading);
          // A stream of page loads and quotes from another client while the site is rebuilt and swapped.
          let streaming = true;
          const statuses: number[] = [];
          let quotes = 0;
          const stream = (async () => {
            for (let n = 0; streaming; n++) {
              const res = await fetch(`${server.url}${n % 2 ? ROUTE : '/'}`);
              statuses.push(res.status);
              await res.arrayBuffer();
              if (n % 5 === 0) {
                const quote = await fetch(`${server.url}/`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
                  body: formBody({ contact_name: `Stream ${kind} ${n}`, timeframe: 'Planning stage' }),
                });
                statuses.push(quote.status);
                await quote.arrayBuffer();
                if (quote.ok) quotes++;
              }
            }
          })();
          await page.getByRole('button', { name: 'Publish' }).click();
          await expect(page.getByRole('status').filter({ hasText: /Published as version 1/ })).toBeVisible({ timeout: PUBLISH_WITHIN_MS[kind] });
          await expect.poll(() => servedEverywhere(server, heading), { timeout: PUBLISH_WITHIN_MS[kind] }).toBe(true);
          streaming = false;
          await stream;
          expect(statuses.length).toBeGreaterThan(10);
          expect(statuses.filter((s) => s >= 500)).toEqual([]);
          // Every lead, a page at a time: a slow publish lets the stream post more than one page's worth.
          let streamed = 0;
          for await (const lead of eachLead(server.store.store, { includeSpam: true })) if (lead.contact_name.startsWith(`Stream ${kind}`)) streamed++;
          expect(streamed).toBe(quotes);
          const pub = await browser.newPage();
          await pub.goto(`${origin}${ROUTE}`);
          await expect(pub.getByRole('heading', { level: 1 })).toHaveText(heading);
          await pub.close();
          // The preview made before is gone, and the phone's look says the page is live as shown.
          await expect(page.getByRole('heading', { name: 'Preview ready' })).toHaveCount(0);
          const phone = page.frameLocator(`iframe[title="${GUIDE} on a phone"]`);
          await expect(phone.getByRole('note').first()).toHaveText(/^Preview: this page is live on the website as shown here\./, {
            timeout: PUBLISH_WITHIN_MS[kind],
          });
          // Publish pressed again with nothing changed makes no version and says so.
          await page.getByRole('button', { name: 'Publish' }).click();
          await expect(page.getByRole('status').filter({ hasText: 'Nothing to publish: the page is live exactly as it is here.' })).toBeVisible();
          expect(Number((await server.store.store.read(() => one('SELECT MAX(number) AS n FROM site_versions')))?.n)).toBe(1);
        });

        await test.step('"Mark as verified today" puts today’s date on every price line and the Site page', async () => {
          await page.getByRole('button', { name: 'Mark as verified today' }).click();
          await expect(page.getByRole('status').filter({ hasText: /Marked as verified today/ })).toBeVisible({ timeout: PUBLISH_WITHIN_MS[kind] });
          const today = nzParts(new Date()).date;
          await expect.poll(() => servedEverywhere(server, `dateTime="${today}"`), { timeout: PUBLISH_WITHIN_MS[kind] }).toBe(true);
          // The page's own history names each change by its field, with an undo for this page alone.
          const history = page.getByRole('region', { name: 'This page’s history' });
          await expect(history.getByRole('listitem')).toHaveCount(1);
          await expect(history.getByRole('listitem')).toContainText('Changed: Heading');
          await expect(history.getByRole('button', { name: 'Undo this page’s changes (version 1)' })).toBeVisible();
          // Each field's words before and after, on this page alone.
          await history.getByRole('button', { name: 'What changed' }).click();
          await expect(history.getByRole('row', { name: /^Heading/ })).toContainText(heading);
          // Its look at a phone's width, above the fields here and beside them on a wide screen.
          const phone = page.frameLocator(`iframe[title="${GUIDE} on a phone"]`);
          await expect(phone.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: PUBLISH_WITHIN_MS[kind] });
          await page.setViewportSize({ width: 390, height: 900 });
          await page.screenshot({ path: `${SHOTS}/page-view-${kind}-390.png` });
          await page.setViewportSize({ width: 1280, height: 900 });
          await page.screenshot({ path: `${SHOTS}/editor-${kind}-1280.png` });
          await expectAxeCleanAtBothWidths(page, 'the entry editor');
        });

        await test.step('the versions show what changed, and the release’s own content comes back in one press', async () => {
          await page.getByRole('link', { name: 'All pages' }).click();
          await expect(page.getByRole('heading', { name: 'Prices last verified today' })).toBeVisible();
          await page.getByRole('link', { name: 'Versions and undo' }).click();
          const first = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Version 1', exact: true }) });
          await first.getByRole('button', { name: 'What changed' }).click();
          await expect(first.getByRole('row', { name: /^Heading/ })).toContainText(heading);
          await page.screenshot({ path: `${SHOTS}/versions-${kind}-1280.png`, fullPage: true });
          await expectAxeCleanAtBothWidths(page, 'the versions');
          page.once('dialog', (dialog) => void dialog.accept());
          const restoreRelease = page.getByRole('button', { name: 'Restore this version (version 0)' });
          await restoreRelease.click();
          await expect(page.getByRole('status').filter({ hasText: 'Restored. The site is now version 3.' })).toBeVisible({ timeout: PUBLISH_WITHIN_MS[kind] });
          // Busy while it restored, the button kept the focus (a disabled one drops it to the page).
          await expect(restoreRelease).toBeFocused();
          await expect
            .poll(() => servedEverywhere(server, 'Commercial Fridge Prices in New Zealand: Ranges, Running Costs and Quotes'), {
              timeout: PUBLISH_WITHIN_MS[kind],
            })
            .toBe(true);
        });

        await test.step('a staff member keeps a draft, has no Publish, and the server refuses theirs', async () => {
          const context = await browser.newContext();
          const staff = await context.newPage();
          await staff.setViewportSize({ width: 390, height: 900 });
          await signIn(staff, 'staff');
          await staff.getByRole('link', { name: 'Site' }).click();
          await staff.getByRole('link', { name: GUIDE_NAME, exact: true }).click();
          await expect(staff.getByRole('button', { name: 'Save draft' })).toBeVisible();
          await expect(staff.getByRole('button', { name: 'Publish' })).toHaveCount(0);
          await expect(staff.getByRole('button', { name: 'Mark as verified today' })).toHaveCount(0);
          await staff.getByLabel(/^Heading/).fill('Commercial Fridge Prices, a Staff Draft');
          await staff.getByRole('button', { name: 'Save draft' }).click();
          await expect(staff.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
          const csrf = (await (await staff.request.get(`${origin}/inbox/api/session`)).json()).csrfToken as string;
          const refused = await staff.request.post(`${origin}/inbox/api/site/entries/guides/commercial-fridge-prices-nz/publish`, {
            headers: { origin, 'x-csrf-token': csrf, 'content-type': 'application/json' },
            data: { data: { title: GUIDE }, basedOn: 0 },
          });
          expect(refused.status()).toBe(403);
          expect(await servedEverywhere(server, 'a Staff Draft')).toBe(false);
          await context.close();
        });

        await test.step('the owner changes the emergency line in Business details: every page and every instance’s own answers state the new one', async () => {
          await page.setViewportSize({ width: 390, height: 900 });
          await page.goto(`${origin}/inbox/`);
          await page.getByRole('link', { name: 'Site' }).click();
          await page.getByRole('link', { name: 'Business details' }).click();
          await expect(page.getByRole('heading', { name: 'Business details', level: 1 })).toBeVisible({ timeout: OPENS_WITHIN_MS });
          // Typed once, as digits: phones' form is worked out, and the hours are a week in the site's 12-hour form.
          await page.getByLabel(/^Number, as digits/).fill('0800 265 366');
          await expect(page.getByText('Phones dial it as +64800265366.')).toBeVisible();
          await expect(page.getByRole('checkbox', { name: 'Open on Sunday' })).not.toBeChecked();
          const mondayOpens = page.getByLabel('Opens on Monday');
          await expect(mondayOpens.locator('option:checked')).toHaveText('7:00am');
          // A price is its wording and the figures that wording needs, with the words the pages show.
          const coolRoom = page.getByRole('group', { name: /^Large cool room/ });
          await expect(coolRoom.getByRole('radio', { name: '“Over” one figure' })).toBeChecked();
          await expect(coolRoom.getByLabel('The figure, NZ$')).toHaveValue('40000');
          await expect(coolRoom.getByText('The pages read: “over NZ$40,000”.')).toBeVisible();
          await page.getByRole('button', { name: 'Publish' }).click();
          // The word shown still spells the old number: refused at that field, in words.
          const word = page.getByLabel(/^The word, as shown/);
          await expect(word).toHaveAttribute('aria-invalid', 'true');
          await expect(page.getByText(/same number as the digits/).first()).toBeVisible();
          await word.fill('0800 COLD ON');
          await page.screenshot({ path: `${SHOTS}/business-${kind}-390.png`, fullPage: true });
          await page.getByRole('button', { name: 'Publish' }).click();
          await expect(page.getByRole('status').filter({ hasText: /Published as version/ })).toBeVisible({ timeout: PUBLISH_WITHIN_MS[kind] });
          await expectAxeCleanAtBothWidths(page, 'the business details');
          const answers = async () =>
            Promise.all(
              server.instances.map(async (i) => {
                const home = await fetch(`${i.url}/`).then((r) => r.text());
                // A plain form post with nothing filled in: the page the server writes itself.
                const refusedPost = await fetch(`${i.url}/`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                  body: 'contact_name=',
                }).then((r) => r.text());
                return home.includes('tel:+64800265366') && !home.includes('tel:+64800374343') && refusedPost.includes('tel:+64800265366');
              }),
            );
          await expect.poll(async () => (await answers()).every(Boolean), { timeout: PUBLISH_WITHIN_MS[kind] }).toBe(true);
          const pub = await browser.newPage();
          await pub.goto(`${origin}/contact`);
          await expect(pub.getByRole('link', { name: /0800\s+COLD\s+ON/ }).first()).toBeVisible();
          await pub.close();
          await page.getByRole('link', { name: 'All pages' }).click();
          await page.getByRole('link', { name: 'Versions and undo' }).click();
          await expect(page.getByRole('heading', { name: 'Version 4 Live', exact: true })).toBeVisible();
          await page.setViewportSize({ width: 390, height: 900 });
          await page.screenshot({ path: `${SHOTS}/versions-${kind}-390.png`, fullPage: true });
        });

        await test.step('after a new release that also changed the business details, the owner sees both side by side and keeps theirs', async () => {
          // What a new release changing this entry looks like to the server: the owner's edit was made over another release's words.
          await server.store.store.transact(() =>
            run(`UPDATE site_versions SET bases = ? WHERE number = 4`, JSON.stringify({ 'business/details': 'an-earlier-release' })),
          );
          await page.getByRole('link', { name: 'All pages' }).click();
          await expect(page.getByText(/A new release of the website changed a page you had edited/)).toBeVisible();
          await page.getByRole('link', { name: /Business details/ }).click();
          const choice = page.getByRole('region', { name: 'A new release of the website changed this page too' });
          await expect(choice).toBeVisible();
          await expect(choice).toContainText('0800 COLD ON');
          await expect(choice).toContainText('0800 FRIDGE');
          await page.screenshot({ path: `${SHOTS}/release-choice-${kind}-390.png`, fullPage: true });
          await expectAxeCleanAtBothWidths(page, 'the release choice');
          await choice.getByRole('button', { name: 'Keep mine' }).click();
          // The panel goes once the choice is made; the form's status line says what happened.
          await expect(page.getByRole('status').filter({ hasText: 'Settled, as version 5.' })).toBeVisible({ timeout: PUBLISH_WITHIN_MS[kind] });
          await expect(choice).toHaveCount(0);
          await page.getByRole('link', { name: 'All pages' }).click();
          await expect(page.getByText(/A new release of the website changed/)).toHaveCount(0);
          expect(await fetch(`${server.url}/`).then((r) => r.text())).toContain('tel:+64800265366');
        });
      });

    if (journeys.includes('photo'))
      test('the owner adds a phone photo to an article, describes it, previews, publishes and undoes it', async ({ page, browser, server, signIn }) => {
        test.setTimeout(600_000);
        const { origin } = server;
        await page.setViewportSize({ width: 390, height: 900 });
        await signIn(page, 'owner');
        await page.getByRole('link', { name: 'Site' }).click();
        await page.getByRole('link', { name: ARTICLE }).click();
        await expect(page.getByRole('heading', { name: ARTICLE, level: 1 })).toBeVisible({ timeout: OPENS_WITHIN_MS });
        // Its related cards are the other articles by title, three of them always: moved, never removed.
        const related = page.getByRole('group', { name: /^Related/ });
        await expect(related.getByRole('combobox')).toHaveCount(3);
        await expect(related.getByRole('combobox', { name: 'Article 1' }).locator('option:checked')).toHaveText(/^[A-Z].* /);
        await expect(related.getByRole('button', { name: /Remove|Add/ })).toHaveCount(0);
        const field = page.getByRole('group', { name: /^Photo/ });
        const alt = 'A technician checking the door of a cool room';

        await test.step('an iPhone photo (HEIC) is uploaded as it is chosen, shown, and its description asked for', async () => {
          await field.getByLabel('Choose a photo').setInputFiles({ name: 'IMG_0412.HEIC', mimeType: 'image/heic', buffer: HEIC_PHOTO });
          await expect(field.getByRole('status')).toHaveText(/^Photo uploaded\./, { timeout: 60_000 });
          await expect(field.getByLabel(/^Describe the photo/)).toBeFocused();
          await expect.poll(() => loaded(field.getByRole('img'))).toBe(true);
          // Published without a description: refused at that field, in words.
          await page.getByRole('button', { name: 'Publish' }).click();
          await expect(field.getByText('Say in a few words what the photo shows').first()).toBeVisible();
          await expect(field.getByLabel(/^Describe the photo/)).toHaveAttribute('aria-invalid', 'true');
          await field.getByLabel(/^Describe the photo/).fill(alt);
          await field.screenshot({ path: `${SHOTS}/photo-field-${kind}-390.png` });
          await expectAxeCleanAtBothWidths(page, 'the photo field');
        });

        await test.step('the preview shows the photo at its private address, not on the live site', async () => {
          await page.setViewportSize({ width: 390, height: 900 });
          await page.getByRole('button', { name: 'Preview' }).click();
          await expect(page.getByRole('heading', { name: 'Preview ready' })).toBeVisible({ timeout: PUBLISH_WITHIN_MS[kind] });
          const share = await page.getByLabel('Share link').inputValue();
          const context = await browser.newContext();
          const other = await context.newPage();
          await other.setViewportSize({ width: 390, height: 900 });
          await other.goto(share);
          const photo = other.getByRole('img', { name: alt });
          await expect.poll(() => loaded(photo)).toBe(true);
          expect(await photo.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)).toMatch(/^\/inbox\/preview\/[0-9a-f-]+\/photos\//);
          await context.close();
          expect(await servedAnywhere(server, '/photos/', ARTICLE_ROUTE)).toBe(false);
        });

        let version = 0;
        await test.step('publishing puts the photo on the article on every instance, as AVIF at the size the screen needs', async () => {
          await page.getByRole('button', { name: 'Publish' }).click();
          const status = page.getByRole('status').filter({ hasText: /Published as version \d+/ });
          await expect(status).toBeVisible({ timeout: PUBLISH_WITHIN_MS[kind] });
          version = Number(/version (\d+)/.exec((await status.textContent()) ?? '')![1]);
          await expect.poll(() => servedEverywhere(server, '/photos/', ARTICLE_ROUTE), { timeout: PUBLISH_WITHIN_MS[kind] }).toBe(true);
          const pub = await browser.newPage();
          for (const width of [390, 1280]) {
            await pub.setViewportSize({ width, height: 900 });
            await pub.goto(`${origin}${ARTICLE_ROUTE}`);
            const photo = pub.getByRole('img', { name: alt });
            await expect(photo).toBeVisible();
            await expect.poll(() => loaded(photo)).toBe(true);
            expect(await photo.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)).toMatch(/^\/photos\/[0-9a-f]{24}-\d+\.avif$/);
            await pub.screenshot({ path: `${SHOTS}/article-photo-${kind}-${width}.png` });
          }
          // Search engines are offered the article's photo too, at the largest size kept, which the site serves.
          const data = (await pub.locator('script[type="application/ld+json"]').allTextContents()).map(
            (text) => JSON.parse(text) as { '@type': string; image?: string },
          );
          const image = new URL(data.find((d) => d['@type'] === 'BlogPosting')!.image!).pathname;
          expect(image).toMatch(/^\/photos\/[0-9a-f]{24}-1200\.webp$/);
          expect((await fetch(`${server.url}${image}`)).status).toBe(200);
          await pub.close();
        });

        await test.step('restoring the version before takes the photo off again', async () => {
          await page.getByRole('link', { name: 'All pages' }).click();
          await page.getByRole('link', { name: 'Versions and undo' }).click();
          page.once('dialog', (dialog) => void dialog.accept());
          await page.getByRole('button', { name: `Restore this version (version ${version - 1})` }).click();
          await expect(page.getByRole('status').filter({ hasText: `Restored. The site is now version ${version + 1}.` })).toBeVisible({
            timeout: PUBLISH_WITHIN_MS[kind],
          });
          await expect.poll(() => servedAnywhere(server, '/photos/', ARTICLE_ROUTE), { timeout: PUBLISH_WITHIN_MS[kind] }).toBe(false);
        });
      });
  });
}
