import { type CheckoutQuoteDto, type CheckoutQuoteInput, koboToNaira } from '@caps/contracts';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';
import { listCart } from '../cart/cart.service.js';
import { type PricedCheckout, priceCheckout, type RequestedLine } from '../orders/orders.service.js';

type QuoteInput = z.output<typeof CheckoutQuoteInput>;

const EMPTY_QUOTE: CheckoutQuoteDto = {
  shops: [],
  coupon_code: null,
  subtotal: 0,
  discount: 0,
  delivery_total: 0,
  total: 0,
};

function toQuoteDto(priced: PricedCheckout): CheckoutQuoteDto {
  return {
    shops: priced.orders.map((order) => ({
      vendor: { id: order.vendorId, shop_name: order.group[0]?.shopName ?? '' },
      items: order.group.map((line) => ({
        product_id: line.productId,
        name: line.productName,
        size: line.size,
        quantity: line.quantity,
        unit_price: koboToNaira(line.unitPriceKobo),
        line_total: koboToNaira(line.unitPriceKobo * line.quantity),
      })),
      subtotal: koboToNaira(order.subtotal),
      discount: koboToNaira(order.discount),
      delivery_fee: koboToNaira(order.shipping),
      total: koboToNaira(order.total),
    })),
    coupon_code: priced.coupon?.code ?? null,
    subtotal: koboToNaira(priced.subtotal),
    discount: koboToNaira(priced.discount),
    delivery_total: koboToNaira(priced.shipping),
    total: koboToNaira(priced.total),
  };
}

/**
 * Prices the given lines, or the caller's cart, with the pricing `orders.create` charges. An empty cart is
 * an empty quote (nothing to pay, no delivery). A coupon is checked as the cart's check does: one used up
 * now is refused here, even if the caller's own unpaid checkout would give its use back at checkout.
 */
export async function quoteCheckout(ctx: AuthedContext, input: QuoteInput): Promise<CheckoutQuoteDto> {
  const items: RequestedLine[] =
    input.items ??
    (await listCart(ctx)).map((line) => ({ product_id: line.product_id, quantity: line.quantity, size: line.size }));
  if (items.length === 0) return EMPTY_QUOTE;
  const priced = await priceCheckout(ctx.em, { items, coupon_code: input.coupon_code }, ctx.services.config.checkout, {
    usesTaken: true,
  });
  return toQuoteDto(priced);
}
