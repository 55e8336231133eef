import { PAYMENTS_MESSAGES as M } from '@common/schemas/payments';
import { badGateway, notFound } from '../../core/errors';
import { type PaymentProvider, PaymentProviderError } from '../../platform/payments/payments';

/** The provider, or 404 with the page's words on a site without payouts. */
export function providerOf(provider: PaymentProvider | null): PaymentProvider {
  if (!provider) throw notFound('payments_not_configured', M.notConfiguredTitle);
  return provider;
}

/** Runs a provider call; its failure is logged and answered 502 "Payouts are unavailable right now." */
export function callProvider(log: (error: unknown) => void) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log(error);
      throw badGateway('payments_unavailable', M.unavailable);
    }
  };
}
