// Takes the README's screenshot (docs/images/dashboard.png) of a running Mirador with the demo data:
//   npm start   (in another terminal), then   npx tsx scripts/screenshot.ts [http://localhost:8080]
import { chromium } from 'playwright-core';
import { demoEmployee } from '../server/demo/demoAccounts.ts';

const base = (process.argv[2] ?? 'http://localhost:8080').replace(/\/$/, '');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ baseURL: base, viewport: { width: 1280, height: 800 }, locale: 'es-CO' });
  await page.goto('/auth/login');
  await page.getByLabel('Correo electrónico').fill(demoEmployee.email);
  await page.getByLabel('Contraseña').fill(demoEmployee.password);
  await page.getByLabel('Contraseña').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/');
  // The cards and the first rows are in: the page says when its data was read.
  await page.getByText(/Datos al/).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: 'docs/images/dashboard.png' });
  console.log('docs/images/dashboard.png');
} finally {
  await browser.close();
}
