import { createContext, paymentService, type Services, signBody } from '@caps/api';
import { formatKobo } from '@caps/contracts';
import type { FastifyInstance } from 'fastify';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * POST /api/payment/webhook (signed raw body) and, without a Paystack key, the sandbox's hosted
 * checkout page. Registered as its own plugin so the raw-body and form parsers stay here.
 */
export async function paymentsPlugin(app: FastifyInstance, options: { services: Services }) {
  const { services } = options;
  // The signature covers the exact bytes Paystack sent, so this route keeps the body as a string.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => {
    done(null, body);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post('/api/payment/webhook', async (request) => {
    const ctx = createContext(services, { ip: request.ip });
    const signature = request.headers['x-paystack-signature'];
    return paymentService.handleWebhook(
      ctx,
      typeof request.body === 'string' ? request.body : '',
      typeof signature === 'string' ? signature : undefined,
    );
  });

  const sandbox = services.sandbox;
  if (!sandbox) return;

  app.get('/payment-sandbox/checkout/:reference', async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const transaction = sandbox.transaction(reference);
    if (!transaction)
      return reply.status(404).send({ message: 'Unknown payment reference', error: 'Not Found', statusCode: 404 });
    const done = transaction.status !== 'ongoing';
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Pay ${escapeHtml(formatKobo(transaction.amount))} | Payment sandbox</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f5f4;margin:0;padding:2rem 1rem;color:#1c1917}
main{max-width:420px;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;font-size:1.1rem;padding:.6rem;border:1px solid #a8a29e;border-radius:8px}
button{margin-top:1rem;width:100%;padding:.75rem;font-size:1rem;font-weight:600;border:0;border-radius:8px;background:#0ba4db;color:#fff;cursor:pointer}
input:focus,button:focus{outline:3px solid #1d4ed8;outline-offset:2px}.note{font-size:.85rem;color:#57534e}</style></head>
<body><main><p class="note">Payment sandbox: no real money moves.</p>
<h1>Pay ${escapeHtml(formatKobo(transaction.amount))}</h1><p>${escapeHtml(transaction.email)}</p>
${
  done
    ? `<p>This payment is ${escapeHtml(transaction.status)}.</p>`
    : `<form method="post" action="/payment-sandbox/checkout/${encodeURIComponent(reference)}">
<label for="card">Card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" required value="">
<p class="note">Test cards: 4084 0840 8408 4081 succeeds; 4084 0800 0000 5408 is declined.</p>
<button type="submit">Pay ${escapeHtml(formatKobo(transaction.amount))}</button></form>`
}</main></body></html>`);
  });

  app.post('/payment-sandbox/checkout/:reference', async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const card = (request.body as Record<string, string> | undefined)?.card_number ?? '';
    const transaction = sandbox.pay(reference, card);
    if (!transaction)
      return reply.status(404).send({ message: 'Unknown payment reference', error: 'Not Found', statusCode: 404 });
    if (transaction.status === 'success') {
      // As Paystack does: a signed charge.success to our webhook, on its own time.
      const body = sandbox.webhookBody(reference);
      setImmediate(() => {
        app
          .inject({
            method: 'POST',
            url: '/api/payment/webhook',
            headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(sandbox.secretKey, body) },
            payload: body,
          })
          .catch((err: unknown) => app.log.error({ err }, 'sandbox webhook failed'));
      });
    }
    const target = new URL(transaction.callbackUrl, 'http://placeholder');
    target.searchParams.set('trxref', reference);
    target.searchParams.set('reference', reference);
    const location = transaction.callbackUrl.startsWith('http')
      ? target.toString()
      : `${target.pathname}${target.search}`;
    return reply.redirect(location, 303);
  });
}
