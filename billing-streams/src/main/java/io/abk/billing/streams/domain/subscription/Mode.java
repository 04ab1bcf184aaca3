package io.abk.billing.streams.domain.subscription;

/** The mode of the API key behind a subscription. Test and live data never mix. */
public enum Mode {
    TEST,
    LIVE
}
