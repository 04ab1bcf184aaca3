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
