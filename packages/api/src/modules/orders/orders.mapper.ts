import { koboToNaira, type OrderDto, type StatusChangeDto } from '@caps/contracts';
import { imageUrl } from '../../images/image-store.js';
import type { AfterSaleFields } from './after-sale.js';
import type { Order, OrderItem, OrderStatusChange } from './orders.entities.js';

/** An order with its lines and history, loaded with products and shop, and its after-sale state. */
export function toOrderDto(
  order: Order,
  items: OrderItem[],
  history: OrderStatusChange[],
  afterSale: AfterSaleFields,
): OrderDto {
  return {
    id: order.id,
    user_id: order.user.id,
    checkout_id: order.checkout.id,
    vendor: { id: order.vendor.id, shop_name: order.vendor.shopName },
    items: items.map((item) => ({
      id: item.id,
      order_id: order.id,
      product_id: item.product.id,
      size: item.size,
      quantity: item.quantity,
      price: koboToNaira(item.unitPriceKobo),
      product: {
        name: item.productName,
        description: item.product.description,
        images: item.product.images.map((name) => imageUrl(name)).filter((url): url is string => url !== null),
        category: item.product.category,
        rating: item.product.ratingCount > 0 ? Math.round(item.product.ratingAverage * 10) / 10 : 0,
        total_reviews: item.product.ratingCount,
        vendor: { id: order.vendor.id, shop_name: order.vendor.shopName },
      },
    })),
    subtotal: koboToNaira(order.subtotalKobo),
    shipping_cost: koboToNaira(order.shippingKobo),
    discount: koboToNaira(order.discountKobo),
    total_amount: koboToNaira(order.totalKobo),
    status: order.status,
    payment_status: order.paymentStatus,
    shipping_address: order.shippingAddress,
    shipping_details: order.shippingDetails ?? null,
    coupon_code: order.couponCode ?? null,
    status_history: history.map(toStatusChangeDto),
    paid_at: order.paidAt?.toISOString() ?? null,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    ...afterSale,
  };
}

/** Expects `actor` loaded (populated): who made the change, or the platform itself when nobody did. */
export function toStatusChangeDto(change: OrderStatusChange): StatusChangeDto {
  return {
    from: change.fromStatus ?? null,
    to: change.toStatus,
    at: change.createdAt.toISOString(),
    by: change.actor ? { user_id: change.actor.id, role: change.actor.role } : { user_id: null, role: 'system' },
    note: change.note ?? null,
  };
}
