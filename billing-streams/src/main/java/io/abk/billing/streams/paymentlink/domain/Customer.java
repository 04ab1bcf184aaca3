package io.abk.billing.streams.paymentlink.domain;

import org.jspecify.annotations.Nullable;

/** What the customer gave when opening a link: each field optional unless the link collects it. */
public record Customer(
        @Nullable String wallet,
        @Nullable String email,
        @Nullable String name) {}
