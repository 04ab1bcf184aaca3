package io.abk.billing.schemas.ids;

/** The type prefix of every id the platform mints. */
public enum IdPrefix {
    MERCHANT("mer"),
    API_KEY("key"),
    SUBSCRIPTION("sub"),
    INVOICE("inv"),
    PAYMENT("pay"),
    PAYMENT_LINK("plink"),
    PRODUCT("prod"),
    PRICE("price"),
    EVENT("evt"),
    WEBHOOK_ENDPOINT("we"),
    CUSTOMER("cus"),
    /** A coupon: a discount subscriptions may redeem. */
    COUPON("coupon"),
    /** A customer-facing code of a coupon (derived from the code, {@code PromotionCodeIds}). */
    PROMOTION_CODE("promo"),
    /** One redemption of a coupon, minted by the gateway: the commands it forwards derive their ids from it. */
    REDEMPTION("red"),
    /** A meter: how a merchant's usage events of one event name aggregate per period. */
    METER("mtr"),
    /** One item of a subscription (a licensed or a metered price), minted by the gateway. */
    SUBSCRIPTION_ITEM("si"),
    COMMAND("cmd"),
    REQUEST("req"),
    AUDIT_ENTRY("aud"),
    /** A person on a merchant's team, who signs in to the dashboard. */
    USER("usr"),
    /** An invitation to join a merchant's team, accepted by choosing a password. */
    USER_INVITATION("uinv"),
    /** A USDT payment intent of the companion interface (usdt-verifier). */
    PAYMENT_INTENT("pi");

    private final String prefix;

    IdPrefix(String prefix) {
        this.prefix = prefix;
    }

    /** The prefix with its separator, e.g. {@code sub_}. */
    public String withSeparator() {
        return prefix + "_";
    }
}
