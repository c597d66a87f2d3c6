/** The partner page's addresses, for the page itself and for the offer e-mail's one link. */
export const PARTNER_PATH = '/partner/offer';
/** The query parameter that carries an offer link's token. */
export const OFFER_TOKEN_PARAM = 't';

export const partnerOfferUrl = (origin: string, token: string): string => `${origin}${PARTNER_PATH}?${new URLSearchParams({ [OFFER_TOKEN_PARAM]: token })}`;
