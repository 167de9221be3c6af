import { createContext, paymentService, type Services } from '@caps/api';
import { formatKobo } from '@caps/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';

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

  /**
   * As Paystack does: a signed event to our webhook (charge.success, transfer and refund outcomes). An answer
   * other than 2xx, or none, leaves the event to the sandbox's retries (the `sandbox-webhooks` job).
   */
  const postWebhook = async (rawBody: string, signature: string) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      payload: rawBody,
    });
    if (answer.statusCode >= 300)
      app.log.warn({ status: answer.statusCode }, 'sandbox webhook not taken; retried later');
    return answer.statusCode < 300;
  };
  sandbox.onWebhook = postWebhook;
  app.addHook('onClose', async () => {
    if (sandbox.onWebhook === postWebhook) sandbox.onWebhook = null;
  });

  /** The hosted page's frame: a title and what goes inside the card. */
  const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | Payment sandbox</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f5f4;margin:0;padding:2rem 1rem;color:#1c1917}
main{max-width:420px;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;font-size:1.1rem;padding:.6rem;border:1px solid #a8a29e;border-radius:8px}
button{margin-top:1rem;width:100%;padding:.75rem;font-size:1rem;font-weight:600;border:0;border-radius:8px;background:#0ba4db;color:#fff;cursor:pointer}
input:focus,button:focus,a:focus{outline:3px solid #1d4ed8;outline-offset:2px}.note{font-size:.85rem;color:#57534e}</style></head>
<body><main><p class="note">Payment sandbox: no real money moves.</p>
${body}</main></body></html>`;

  /**
   * Paystack shows a transaction that can no longer take money as closed: one already paid or declined,
   * and here also one our server superseded with a newer attempt (or whose checkout is paid or released).
   */
  const closedPage = (reply: FastifyReply, amountKobo: number) =>
    reply
      .status(409)
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Transaction closed',
          `<h1>This transaction is closed</h1><p>This payment of ${escapeHtml(formatKobo(amountKobo))} can no longer be made here: it was already paid or declined, or a newer payment for the same orders replaced it. Nothing was charged now.</p>
<p>Your orders show whether they are paid; an unpaid one can be paid again from there.</p><p><a href="/orders">View your orders</a></p>`,
        ),
      );

  const unknown = (reply: FastifyReply) =>
    reply.status(404).send({ message: 'Unknown payment reference', error: 'Not Found', statusCode: 404 });

  app.get('/payment-sandbox/checkout/:reference', async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const transaction = await sandbox.transaction(reference);
    if (!transaction) return unknown(reply);
    const payable = await paymentService.isPayable(createContext(services, { ip: request.ip }), reference);
    if (transaction.status !== 'ongoing' || !payable) return closedPage(reply, transaction.amount);
    const amount = escapeHtml(formatKobo(transaction.amount));
    return reply.type('text/html; charset=utf-8').send(
      page(
        `Pay ${formatKobo(transaction.amount)}`,
        `<h1>Pay ${amount}</h1><p>${escapeHtml(transaction.email)}</p>
<form method="post" action="/payment-sandbox/checkout/${encodeURIComponent(reference)}">
<label for="card">Card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" required value="">
<p class="note">Test cards: 4084 0840 8408 4081 succeeds; 4084 0800 0000 5408 is declined.</p>
<button type="submit">Pay ${amount}</button></form>`,
      ),
    );
  });

  app.post('/payment-sandbox/checkout/:reference', async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const card = cardNumberOf(request.body);
    if (card === undefined) {
      return reply.status(400).send({ message: 'The body is not valid JSON.', error: 'Bad Request', statusCode: 400 });
    }
    const known = await sandbox.transaction(reference);
    if (!known) return unknown(reply);
    const payable = await paymentService.isPayable(createContext(services, { ip: request.ip }), reference);
    if (known.status !== 'ongoing' || !payable) return closedPage(reply, known.amount);
    const transaction = await sandbox.pay(reference, card);
    if (!transaction) return unknown(reply);
    // As Paystack does, shortly after answering: the charge.success event to the webhook above.
    setImmediate(() => {
      sandbox.deliverWebhooksOf(reference).catch((err: unknown) => app.log.error({ err }, 'sandbox webhook failed'));
    });
    // Back to the callback given at initialize (always on our PUBLIC_URL). On our own site the payer goes to
    // its path on the origin they are on: http://localhost:3000 and http://127.0.0.1:3000 are different
    // origins to a browser, and the sign-in token the result page needs is stored on one of them.
    const publicUrl = new URL(services.config.publicUrl);
    const target = new URL(transaction.callbackUrl, publicUrl);
    target.searchParams.set('trxref', reference);
    target.searchParams.set('reference', reference);
    const location = target.origin === publicUrl.origin ? `${target.pathname}${target.search}` : target.toString();
    return reply.redirect(location, 303);
  });
}

/**
 * The card number of the hosted page's POST: a form field, or `card_number` of a JSON body, which this
 * plugin's JSON parser keeps as the raw string (for the webhook's signature). undefined for broken JSON.
 */
function cardNumberOf(body: unknown): string | undefined {
  let fields = body;
  if (typeof body === 'string') {
    try {
      fields = body.trim() === '' ? {} : JSON.parse(body);
    } catch {
      return undefined;
    }
  }
  const card = fields && typeof fields === 'object' ? (fields as Record<string, unknown>).card_number : undefined;
  return typeof card === 'string' ? card : typeof card === 'number' ? String(card) : '';
}
