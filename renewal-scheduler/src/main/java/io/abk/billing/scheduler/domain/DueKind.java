package io.abk.billing.scheduler.domain;

/**
 * The kinds of due item (docs/architecture.md, "Renewals and other due work"). The {@code code} is part of the
 * {@code due-index} key, so it must never change for a kind: renaming one is a store migration.
 */
public enum DueKind {
    RENEWAL("renewal"),
    CHARGE_DUE("charge"),
    INCOMPLETE_EXPIRY("expire-incomplete"),
    PAYMENT_EXPIRY("expire-payment"),
    LINK_EXPIRY("expire-link"),
    FUNDING_CHECK("funding-check");

    private final String code;

    DueKind(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }
}
