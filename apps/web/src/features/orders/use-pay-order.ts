import { useMutation } from '@tanstack/react-query';
import { openPaymentPage } from '@/lib/payment-page';
import { useTRPC } from '@/lib/trpc';

/**
 * Starts the payment of an order's checkout and leaves for the provider's page the way checkout does (on the
 * page's own origin for the sandbox). Resolves only if the browser did not leave (it never does in practice);
 * rejects with the server's error.
 */
export function usePayOrder() {
  const trpc = useTRPC();
  const initiate = useMutation(trpc.payment.initiate.mutationOptions());
  const pay = async (orderId: number): Promise<void> => {
    const { url } = await initiate.mutateAsync({ order_id: orderId });
    openPaymentPage(url);
  };
  return { pay, isPending: initiate.isPending };
}
