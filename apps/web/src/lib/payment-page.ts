/**
 * Leaves for the payment page of a payment.initiate answer, from checkout and from an unpaid order's Pay now
 * alike. The built-in sandbox's page lives on our own server: its path opens on the origin the customer is on,
 * since the server's PUBLIC_URL may name another origin for the same site (localhost and 127.0.0.1 keep separate
 * sign-ins, so the result page would ask to sign in). A real provider's page (Paystack) opens as given.
 */
export function openPaymentPage(url: string): void {
  const target = new URL(url, window.location.origin);
  const sandbox = target.pathname.startsWith('/payment-sandbox/');
  window.location.assign(sandbox ? `${target.pathname}${target.search}` : target.toString());
}
