/**
 * The sandbox's hosted card fields in Chromium, mounted by hosted-fields.ts in a page under
 * the store's content security policy (decision 026): the words and language come from the
 * page; empty and wrong fields are named, with aria-invalid and their messages; a card
 * becomes a token the gateway knows; the page never sees the card number or security code,
 * and neither the page nor the frame writes any storage; no policy is broken; the frame
 * reads only its own page's messages; fields are 44px targets on a phone-sized screen.
 * Skipped where there is no Chromium.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type FrameLocator, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../../server/src/config';
import {
  createPaymentGateway,
  paymentConfigFrom,
} from '../../../server/src/payments/create-gateway';
import type { PaymentGateway } from '../../../server/src/payments/gateway';
import { buildSandboxTestApp } from '../../../server/src/payments/sandbox/sandbox-test-app';
import { chromiumLaunchOptions, findChromium } from '../../../tests/support/chromium';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { tempDir } from '../../../tests/support/temp-dir';
import type {
  HostedFields,
  HostedFieldsOptions,
  HostedFieldsState,
  TokenizeResult,
} from './hosted-fields';

const CHROME = findChromium();

const PAN = '4242 4242 4242 4242';
const CODE = '737';

const TEXTS = {
  locale: 'fr',
  title: 'Coordonnées de la carte',
  labels: {
    number: 'Numéro de carte',
    expMonth: "Mois d'expiration (MM)",
    expYear: "Année d'expiration (AAAA)",
    securityCode: 'Code de sécurité',
  },
  hints: { securityCode: '3 chiffres au dos de la carte.' },
  messages: {
    required: 'Ce champ est obligatoire.',
    numberInvalid: 'Veuillez saisir un numéro de carte valide.',
    expiryInvalid: "Veuillez saisir une date d'expiration valide.",
    expired: 'Cette carte a expiré.',
    securityCodeInvalid: 'Veuillez saisir un code de sécurité valide.',
  },
} satisfies Omit<HostedFieldsOptions, 'onChange' | 'onSubmit'>;

/** What the harness page keeps on `window`. */
interface Harness {
  harness: {
    mountHostedFields: (
      container: HTMLElement,
      config: { gateway: string; frameUrl: string },
      options: HostedFieldsOptions,
    ) => HostedFields;
  };
  fields: HostedFields;
  states: HostedFieldsState[];
}

/** hosted-fields.ts bundled for the browser, as the app's build would bundle it. */
async function bundleHarness(): Promise<string> {
  const dir = await tempDir('store-hosted-fields-');
  const entry = path.join(dir, 'harness.ts');
  const module = path.join(ROOT_DIR, 'src', 'infra', 'payments', 'hosted-fields.ts');
  await writeFile(
    entry,
    `import { mountHostedFields } from ${JSON.stringify(module)};\n` +
      `(window as unknown as { harness: unknown }).harness = { mountHostedFields };\n`,
  );
  try {
    const output = await build({
      configFile: false,
      logLevel: 'silent',
      root: dir,
      build: {
        write: false,
        minify: false,
        lib: { entry, formats: ['es'], fileName: 'harness' },
      },
    });
    const [result] = Array.isArray(output) ? output : [output];
    const chunk = result && 'output' in result ? result.output[0] : undefined;
    if (!chunk || chunk.type !== 'chunk') throw new Error('The harness did not build');
    return chunk.code;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const HARNESS_PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Paiement</title>
<script type="module" src="/harness.js"></script></head>
<body><main><h1>Paiement</h1><div id="fields"></div></main></body></html>`;

describe.skipIf(!CHROME)('the hosted card fields in Chromium', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let gateway: PaymentGateway;
  let browser: Browser;
  let origin: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    const [target] = testDatabaseTargets();
    if (!target) throw new Error('no database target');
    t = await target.open();
    app = await buildSandboxTestApp(t.database, { now: () => new Date(), logLines });
    gateway = createPaymentGateway(paymentConfigFrom({}), t.database.db);
    const script = await bundleHarness();
    app.get('/harness', (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(HARNESS_PAGE),
    );
    app.get('/harness.js', (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(script),
    );
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch(chromiumLaunchOptions(CHROME ?? ''));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await t?.dispose();
  });

  async function openPage(viewport = { width: 1024, height: 800 }) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // The harness has no icon; anything else failing is a problem (CSP refusals included).
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) {
        problems.push(`${message.text()} (${message.location().url})`);
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const requests: { url: string; body: string }[] = [];
    page.on('request', (request) => {
      requests.push({ url: request.url(), body: request.postData() ?? '' });
    });
    await page.goto(`${origin}/harness`);
    await page.waitForFunction(() => 'harness' in window);
    await page.evaluate(async (texts) => {
      const w = window as unknown as Harness;
      w.states = [];
      const container = document.getElementById('fields');
      if (!container) throw new Error('no container');
      w.fields = w.harness.mountHostedFields(
        container,
        { gateway: 'sandbox', frameUrl: '/payment-sandbox/fields' },
        { ...texts, onChange: (state) => w.states.push(state) },
      );
      await w.fields.ready;
    }, TEXTS);
    const frame = page.frameLocator(`iframe[title="${TEXTS.title}"]`);
    await frame.getByLabel(TEXTS.labels.number).waitFor();
    return { page, frame, problems, requests, close: () => context.close() };
  }

  const tokenize = (page: Page) =>
    page.evaluate<TokenizeResult>(() => (window as unknown as Harness).fields.tokenize());

  async function fill(
    frame: FrameLocator,
    card: Record<'number' | 'month' | 'year' | 'code', string>,
  ) {
    await frame.getByLabel(TEXTS.labels.number).fill(card.number);
    await frame.getByLabel(TEXTS.labels.expMonth).fill(card.month);
    await frame.getByLabel(TEXTS.labels.expYear).fill(card.year);
    await frame.getByLabel(TEXTS.labels.securityCode).fill(card.code);
  }

  it('takes a card and gives the page only its token, brand, last four digits and expiry', async () => {
    const { page, frame, problems, requests, close } = await openPage();
    try {
      // The page's words and language.
      const lang = await frame.locator('html').getAttribute('lang');
      expect(lang).toBe('fr');
      await expect.poll(() => frame.getByText(TEXTS.hints.securityCode).isVisible()).toBe(true);

      // Nothing typed: every field is required.
      expect(await tokenize(page)).toEqual({
        errors: {
          number: TEXTS.messages.required,
          expMonth: TEXTS.messages.required,
          expYear: TEXTS.messages.required,
          securityCode: TEXTS.messages.required,
        },
      });
      const number = frame.getByLabel(TEXTS.labels.number);
      expect(await number.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await number.getAttribute('aria-describedby')) ?? '';
      expect(describedBy).toContain('number-error');
      expect(await frame.locator('#number-error').textContent()).toBe(TEXTS.messages.required);

      // A wrong number, a past expiry, a short code.
      await fill(frame, { number: '4242 4242 4242 4241', month: '01', year: '2020', code: '73' });
      expect(await tokenize(page)).toEqual({
        errors: {
          number: TEXTS.messages.numberInvalid,
          expMonth: TEXTS.messages.expired,
          securityCode: TEXTS.messages.securityCodeInvalid,
        },
      });

      await fill(frame, { number: PAN, month: '12', year: '2030', code: CODE });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as Harness).states.at(-1)))
        .toEqual({ ready: true, complete: true, empty: false, brand: 'visa' });
      expect(await number.getAttribute('aria-invalid')).toBe('false');
      const card = await tokenize(page);
      expect(card).toEqual({
        token: expect.stringMatching(/^sandbox_tok_/) as unknown,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
      });
      if (!('token' in card)) throw new Error('expected a token');
      expect(await gateway.describe(card.token)).toEqual({
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
      });

      // The frame is as tall as its fields.
      const height = await page
        .locator('iframe')
        .evaluate((el) => (el as HTMLElement).style.height);
      expect(height).toMatch(/^\d+px$/);

      // Only the gateway's token endpoint ever got the card; nothing was stored.
      const withCard = requests.filter(
        (r) => r.body.includes(PAN.replaceAll(' ', '')) || r.body.includes(PAN),
      );
      expect(withCard.map((r) => new URL(r.url).pathname)).toEqual(['/payment-sandbox/tokens']);
      expect(requests.some((r) => r.url.includes('/api/') && r.body.includes(CODE))).toBe(false);
      for (const scope of [page.mainFrame(), page.frames()[1]]) {
        if (!scope) throw new Error('no frame');
        const stored = await scope.evaluate(async () => ({
          local: localStorage.length,
          session: sessionStorage.length,
          databases: (await indexedDB.databases()).length,
          cookie: document.cookie,
        }));
        expect(stored).toEqual({ local: 0, session: 0, databases: 0, cookie: '' });
      }
      const pageText = await page.evaluate(() => document.documentElement.outerHTML);
      expect(pageText).not.toContain(PAN);
      for (const line of logLines) expect(line).not.toContain(PAN.replaceAll(' ', ''));

      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('reads only its frame’s messages', async () => {
    const { page, close } = await openPage();
    try {
      const before = await page
        .locator('iframe')
        .evaluate((el) => (el as HTMLElement).style.height);
      // The page posting to itself as if it were the frame.
      await page.evaluate(() => window.postMessage({ type: 'resize', height: 3 }, '*'));
      await page.waitForTimeout(100);
      expect(await page.locator('iframe').evaluate((el) => (el as HTMLElement).style.height)).toBe(
        before,
      );
    } finally {
      await close();
    }
  });

  it('has 44px fields that fit a phone-sized screen and follow the keyboard', async () => {
    const { page, frame, problems, close } = await openPage({ width: 360, height: 740 });
    try {
      const iframe = await page.locator('iframe').boundingBox();
      for (const label of Object.values(TEXTS.labels)) {
        const box = await frame.getByLabel(label).boundingBox();
        if (!box || !iframe) throw new Error(`no box for ${label}`);
        expect(box.height, label).toBeGreaterThanOrEqual(44);
        expect(box.x + box.width, label).toBeLessThanOrEqual(iframe.x + iframe.width);
      }
      await frame.getByLabel(TEXTS.labels.number).focus();
      await page.keyboard.press('Tab');
      const focused = await frame.locator(':focus').getAttribute('id');
      expect(focused).toBe('expMonth');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
